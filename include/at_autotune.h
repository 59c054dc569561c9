/*
 * at_autotune.h — `--autotune K`: build and time rewritten programs on the
 * user's machine.
 *
 * The cost model ranks candidates without running them; autotuning then
 * compiles the whole rewritten file once per candidate (with the flags the
 * user builds with), runs each binary a few times and keeps the fastest.
 * The nest left as written (`keep`) is always measured in the same run, so
 * the result is never slower than the original as far as the measurement
 * can tell.
 *
 * A program's time is the first `time: <seconds>` line it prints on stdout
 * (the convention of runtime/at_bench.h: the kernel's time only) or, when
 * it prints none, the wall time of the whole process.
 *
 * Every candidate is also checked: built once more with the same flags plus
 * -ffp-contract=off (so that no floating-point contraction differs between
 * two loop orders, DESIGN.md section 9) and run once, its output, without
 * the `time:` lines, must equal the original program's built the same way.
 * A candidate whose output differs is rejected with a warning.
 */
#ifndef AT_AUTOTUNE_H
#define AT_AUTOTUNE_H

#include <stddef.h>

/* How to build and run the user's program. */
typedef struct at_tune_opts {
	int k;			/* model-ranked candidates per nest to time */
	const char *cc;		/* compiler (default: $CC, else gcc) */
	const char *cflags;	/* default "-O3 -march=native -fopenmp" */
	const char *ldlibs;	/* default "-lm" */
	const char *run_args;	/* arguments passed to the program, or NULL */
	int runs;		/* timed runs per binary; the minimum counts */
	int timeout;		/* seconds per build or run */
	const char *src_dir;	/* directory of the input (for #include "") */
	int n_arg;		/* the -I/-D/-U/-std flags given for clang */
	const char *const *args;
} at_tune_opts;

/* One measured program. */
typedef struct at_tune_result {
	int ok;			/* 1: built, ran, exited 0 (time is valid) */
	double time;		/* seconds: min over the runs */
	char *output;		/* stdout without `time:` lines (malloc'd) */
	int unstable;		/* 1: a later run printed other output
				 * than the first (the one kept) */
	char what[160];		/* when !ok: what failed, one line */
} at_tune_result;

/* Fills *opts with the defaults (k = 5, 3 runs, 600 s limit). */
void at_autotune_defaults(at_tune_opts *opts);

/* What a measurement is for. */
typedef enum at_tune_mode {
	AT_TUNE_TIME,		/* opts' flags, opts->runs runs */
	AT_TUNE_CHECK,		/* plus -ffp-contract=off, one run */
	AT_TUNE_CHECK_REF	/* as AT_TUNE_CHECK, two runs: the reference
				 * output, res->unstable when they differ */
} at_tune_mode;

/* Builds the complete C program `text` in a private temporary directory
 * with opts' compiler and flags, runs it (AT_TUNE_TIME: opts->runs times,
 * stopping early once a run takes longer than `limit` seconds when limit >
 * 0; AT_TUNE_CHECK, AT_TUNE_CHECK_REF: see above) and fills *res.  Returns 0 when the result is usable (res->ok), -1 otherwise (then
 * res->what says why; nothing is printed).  The temporary files are
 * removed.  res->output must be released with at_autotune_result_clear. */
int at_autotune_measure(const at_tune_opts *opts, at_tune_mode mode,
	const char *text, double limit, at_tune_result *res);

/* Frees what *res holds and zeroes it. */
void at_autotune_result_clear(at_tune_result *res);

/* Checks that the option string `s` (cflags, ldlibs or run_args) splits
 * into words as the shell would split it: quotes and backslashes group,
 * $VAR and file patterns expand, and a command substitution or an unquoted
 * | & ; < > ( ) { } is refused (no shell ever runs).  Returns 0, or -1
 * with `why` (`size` bytes) saying what is wrong. */
int at_autotune_words_check(const char *s, char *why, size_t size);

#endif
