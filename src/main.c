/*
 * main.c — the autotile command line: parse options, run the pipeline
 * frontend -> scop -> deps -> space -> codegen -> rewrite on one file.
 *
 * Exit status: 0 success (warnings allowed), 1 input error, 2 usage error.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule_node.h>

#include "at_diag.h"
#include "at_frontend.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_codegen.h"
#include "at_rewrite.h"
#include "at_plan.h"
#include "at_autotune.h"
#include "at_features.h"
#include "at_model.h"
#include "at_report.h"
#include "at_svg.h"
#include "at_timing.h"
#include "at_blas.h"

#define AT_VERSION "0.1.0"
#define AT_CG_LIMIT 10	/* default --codegen-limit of the tool's choices */
/* default --deps-limit: CPU seconds of isl's exact dataflow analysis per
 * nest (adi's takes 0.3 s; a random 3-deep nest of two statements with
 * skewed subscripts ran for over 15 minutes) */
#define AT_DEPS_LIMIT 30

/* Parsed command line. */
struct at_cli {
	const char *input;
	const char *output;
	int n_arg;
	const char **args;	/* passed to clang */
	const char *report;	/* --report FILE */
	const char *svg;	/* --svg DIR */
	at_opts opts;
	at_tune_opts tune;	/* --autotune K and its build settings */
	int use_model;		/* --strategy model */
	const char *weights;	/* --weights FILE */
	at_model *model;
	double cg_limit;	/* --codegen-limit S (-1: not given) */
	double deps_limit;	/* --deps-limit S */
};

/* Prints the usage text on f. */
static void at_cli_usage(FILE *f)
{
	fprintf(f,
"usage: autotile [options] file.c [-- clang-args...]\n"
"\n"
"Optimizes the loop nests marked `#pragma autotile` (or `#pragma scop` ...\n"
"`#pragma endscop`) and prints the rewritten C file.\n"
"\n"
"options:\n"
"  -o FILE             write the output to FILE (default, or `-o -`:\n"
"                      standard output)\n"
"  -I DIR, -D NAME[=V], -U NAME, -std=STD\n"
"                      passed to clang when parsing the input\n"
"  --strategy S        model (default): the candidate the learned cost\n"
"                      model ranks best, or the nest as written when none\n"
"                      is predicted faster\n"
"                      none: keep the loop order (add OpenMP pragmas only)\n"
"                      fixed:N: N x ... x N tiles on the permutable bands\n"
"  --weights FILE      the cost model's weights (default: $AUTOTILE_WEIGHTS,\n"
"                      else weights/default.json beside the program)\n"
"  --candidate ID      use candidate ID (as listed by --report) for every\n"
"                      marked nest; an illegal one is an error\n"
"  --report FILE       write every nest's candidates (legal and rejected,\n"
"                      with reasons) as JSON to FILE (-: standard output)\n"
"  --autotune K        build and time the top K candidates of every nest\n"
"                      and the original program (which must run, exit 0\n"
"                      and print the same output every run) on this\n"
"                      machine; keep the fastest.  Settings:\n"
"  --tune-cc CC        compiler, words as FLAGS (default: $CC, else gcc)\n"
"  --tune-flags FLAGS  compiler flags (default: -O3 -march=native -fopenmp)\n"
"  --tune-libs LIBS    libraries (default: -lm)\n"
"  --tune-args ARGS    arguments to run the program with (FLAGS, LIBS and\n"
"                      ARGS split into words as the shell would: quotes,\n"
"                      backslashes, $VAR, patterns; no command is run)\n"
"  --tune-runs R       timed runs per build, the minimum counts (default 3)\n"
"  --tune-timeout S    seconds a build or run may take before it is\n"
"                      killed (default 600)\n"
"  --codegen-limit S   stop isl's code generation of a candidate after S\n"
"                      seconds (0: no limit) and use the cost model's\n"
"                      next choice, else leave the nest; default 10,\n"
"                      and none for a forced candidate (--candidate,\n"
"                      candidate()), which is an error when it is over\n"
"  --deps-limit S      stop isl's dependence analysis of a nest after S\n"
"                      seconds of CPU time (0: no limit) and leave the\n"
"                      nest as written; default 30\n"
"  --no-parallel       do not emit OpenMP pragmas\n"
"  --explain           report dependences, schedule and parallel loops\n"
"  --svg DIR           draw each nest of two loops under its choice into\n"
"                      DIR/FILE-LINE.svg: points, tiles numbered in scan\n"
"                      order, the order of a run, dependence vectors\n"
"  --time-report       print the time each stage took on stderr\n"
"  --version           print the version and exit\n"
"  --help              print this help and exit\n"
"\n"
"pragma clauses: tile(N,...), shape(rect|skew|diamond|cone1|isl|...),\n"
"  scan(T<I|S|P>,L<I|S|P>), candidate(ID), explain, parallel(outer|none)\n"
"exit status: 0 success, 1 input error, 2 usage error\n");
}

/* Reports a usage error; returns 2. */
static int at_cli_usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "autotile: error: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see autotile --help)\n");
	return 2;
}

/* Parses "model", "none" or "fixed:N" into cli; returns 0 or -1. */
static int at_cli_strategy(const char *s, struct at_cli *cli)
{
	at_opts *opts = &cli->opts;
	char *end;
	long n;

	cli->use_model = strcmp(s, "model") == 0;
	if (cli->use_model || strcmp(s, "none") == 0) {
		opts->default_size = 0;
		return 0;
	}
	if (strncmp(s, "fixed:", 6) != 0 || !isdigit((unsigned char)s[6]))
		return -1;
	errno = 0;
	n = strtol(s + 6, &end, 10);
	if (*end || errno || n < 1 || n > 4096)
		return -1;
	opts->default_size = n;
	return 0;
}

/* Parses s, a number of seconds from 0 to 86400, into *out; returns 0
 * or -1. */
static int at_cli_seconds(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= 0 && v <= 86400))
		return -1;
	*out = v;
	return 0;
}

/* Takes the value of option argv[*i] (attached after `len` characters or
 * in the next argument); returns NULL when missing. */
static const char *at_cli_value(int argc, char **argv, int *i, size_t len)
{
	if (argv[*i][len])
		return argv[*i] + len;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

/* Handles --codegen-limit S and --deps-limit S (argv[*i] starts with one
 * of them); returns 0 or 2. */
static int at_cli_limit_option(struct at_cli *cli, int argc, char **argv,
	int *i)
{
	static const char *const names[] = { "--codegen-limit",
		"--deps-limit" };
	double *dst[] = { &cli->cg_limit, &cli->deps_limit };
	const char *a = argv[*i], *v;
	char fmt[80];

	for (int k = 0; k < 2; k++) {
		size_t len = strlen(names[k]);

		if (strncmp(a, names[k], len) || (a[len] && a[len] != '='))
			continue;
		v = at_cli_value(argc, argv, i, a[len] ? len + 1 : len);
		if (v && at_cli_seconds(v, dst[k]) == 0)
			return 0;
		snprintf(fmt, sizeof(fmt), "bad %s `%%s`: expected seconds "
			"from 0 to 86400", names[k]);
		return at_cli_usage_error(fmt, v ? v : "");
	}
	return at_cli_usage_error("unknown option `%s`", a);
}

/* Handles --autotune K and the --tune-* options; returns 0 or 2. */
static int at_cli_tune_option(struct at_cli *cli, int argc, char **argv,
	int *i)
{
	static const char *const names[] = { "--autotune", "--tune-cc",
		"--tune-flags", "--tune-libs", "--tune-args", "--tune-runs",
		"--tune-timeout" };
	const char *a = argv[*i], *v = NULL;
	size_t len = 0;
	int which = -1;
	char *end;
	long n;

	for (int k = 0; k < 7 && which < 0; k++) {
		len = strlen(names[k]);
		if (!strncmp(a, names[k], len) && (!a[len] || a[len] == '='))
			which = k;
	}
	if (which < 0)
		return at_cli_usage_error("unknown option `%s`", a);
	v = at_cli_value(argc, argv, i, a[len] ? len + 1 : len);
	if (!v)
		return at_cli_usage_error("%s needs a value", a);
	if (which == 0 || which >= 5) {
		static const long max[] = { AT_PLAN_MAX - 2, 100, 86400 };
		static const char *const bad[] = { "bad --autotune `%s`: "
			"expected a count from 1 to 22", "bad --tune-runs `%s`: "
			"expected 1 to 100", "bad --tune-timeout `%s`: expected "
			"seconds from 1 to 86400" };
		int *dst[] = { &cli->tune.k, &cli->tune.runs,
			&cli->tune.timeout };
		int m = which == 0 ? 0 : which - 4;

		n = strtol(v, &end, 10);
		if (end == v || *end || n < 1 || n > max[m])
			return at_cli_usage_error(bad[m], v);
		*dst[m] = (int)n;
	} else {
		const char **f[] = { &cli->tune.cc, &cli->tune.cflags,
			&cli->tune.ldlibs, &cli->tune.run_args };
		char why[96], fmt[160];

		if (which >= 1 && at_autotune_words_check(v, why,
		    sizeof(why)) < 0) {
			snprintf(fmt, sizeof(fmt), "bad %s `%%s`: %s",
				names[which], why);
			return at_cli_usage_error(fmt, v);
		}
		*f[which - 1] = v;
	}
	return 0;
}

/* Checks clang argument `a`: -std= or --std= naming C89/C90, or -ansi
 * (C89), whose compilers reject the code autotile writes, is a usage
 * error (returns its exit status); anything else returns 0. */
static int at_cli_check_std(const char *a)
{
	static const char *const old[] = { "c89", "c90", "gnu89", "gnu90",
		"iso9899:1990", "iso9899:199409" };
	const char *v = a + (a[0] == '-' && a[1] == '-');

	if (!strcmp(a, "-ansi") || !strcmp(a, "--ansi"))
		v = "-std=c89";
	if (strncmp(v, "-std=", 5) != 0)
		return 0;
	for (size_t k = 0; k < sizeof old / sizeof *old; k++)
		if (!strcmp(v + 5, old[k]))
			return at_cli_usage_error("`%s`: the code autotile "
				"writes needs C99 or later (declarations in "
				"`for`, inline functions)", a);
	return 0;
}

/* Returns 1 when a and b, which name no existing file, name the same
 * new one: the same last component in one directory (`./out.c` and
 * `out.c`). */
static int at_cli_same_new(const char *a, const char *b)
{
	const char *ba = strrchr(a, '/'), *bb = strrchr(b, '/');
	char *da = strdup(a), *db = strdup(b);
	struct stat sa, sb;
	int same = 0;

	if (da && db) {
		if (ba)
			da[ba - a + (ba == a)] = '\0';	/* "/x": "/" */
		if (bb)
			db[bb - b + (bb == b)] = '\0';
		same = !strcmp(ba ? ba + 1 : a, bb ? bb + 1 : b) &&
			stat(ba ? da : ".", &sa) == 0 &&
			stat(bb ? db : ".", &sb) == 0 &&
			sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	}
	free(da);
	free(db);
	return same;
}

/* Returns 1 when paths a and b name the same file that writing one of
 * them would clobber: the same string naming no file or a regular one,
 * or two names of one regular file (same device and inode).  Devices
 * such as /dev/null may be named twice. */
static int at_cli_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (stat(a, &sa) != 0)
		return !strcmp(a, b) || (stat(b, &sb) != 0 &&
			at_cli_same_new(a, b));
	return S_ISREG(sa.st_mode) && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Returns 2 after a usage error when `path`, a file that option `opt`
 * writes, names (at_cli_same_file) the input file, the C output file or,
 * unless path is that file itself, the --report file; else 0. */
static int at_cli_clobbers(const struct at_cli *cli, const char *opt,
	const char *path)
{
	const char *other[] = { cli->input, cli->output, cli->report };
	static const char *const what[] = { "the input file",
		"the output file (-o)", "the --report file" };
	char fmt[160];

	for (int k = 0; k < 3; k++) {
		if (!other[k] || other[k] == path ||
		    !at_cli_same_file(path, other[k]))
			continue;
		snprintf(fmt, sizeof(fmt), "%s `%%s` names %s", opt, what[k]);
		return at_cli_usage_error(fmt, path);
	}
	return 0;
}

/* Handles one option argv[*i]; returns 0, or an exit status (2, or -1 for
 * a clean exit after --help/--version). */
static int at_cli_option(struct at_cli *cli, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;

	if (!strcmp(a, "--help")) {
		at_cli_usage(stdout);
		return -1;
	} else if (!strcmp(a, "--version")) {
		printf("autotile %s\n", AT_VERSION);
		return -1;
	} else if (!strcmp(a, "--explain")) {
		cli->opts.explain = 1;
	} else if (!strncmp(a, "--candidate", 11) && (!a[11] || a[11] == '=')) {
		v = at_cli_value(argc, argv, i, a[11] ? 12 : 11);
		if (!v || !*v || strlen(v) >= sizeof(cli->opts.candidate))
			return at_cli_usage_error("--candidate needs an id as "
				"listed by --report%s", "");
		snprintf(cli->opts.candidate, sizeof(cli->opts.candidate),
			"%s", v);
	} else if (!strncmp(a, "--svg", 5) && (!a[5] || a[5] == '=')) {
		cli->svg = at_cli_value(argc, argv, i, a[5] ? 6 : 5);
		if (!cli->svg || !*cli->svg)
			return at_cli_usage_error("%s needs a directory", a);
	} else if (!strncmp(a, "--report", 8) && (!a[8] || a[8] == '=')) {
		cli->report = at_cli_value(argc, argv, i, a[8] ? 9 : 8);
		if (!cli->report || !*cli->report)
			return at_cli_usage_error("%s needs a file name", a);
	} else if (!strncmp(a, "--autotune", 10) || !strncmp(a, "--tune-", 7)) {
		return at_cli_tune_option(cli, argc, argv, i);
	} else if (!strcmp(a, "--time-report")) {
		at_timing_enable();
	} else if (!strncmp(a, "--codegen-limit", 15) ||
		   !strncmp(a, "--deps-limit", 12)) {
		return at_cli_limit_option(cli, argc, argv, i);
	} else if (!strcmp(a, "--no-parallel")) {
		cli->opts.parallel = 0;
	} else if (!strncmp(a, "--strategy", 10) && (!a[10] || a[10] == '=')) {
		v = at_cli_value(argc, argv, i, a[10] ? 11 : 10);
		if (!v || at_cli_strategy(v, cli) < 0)
			return at_cli_usage_error("bad --strategy `%s`: expected "
				"model, none or fixed:N with 1 <= N <= 4096",
				v ? v : "");
	} else if (!strncmp(a, "--weights", 9) && (!a[9] || a[9] == '=')) {
		cli->weights = at_cli_value(argc, argv, i, a[9] ? 10 : 9);
		if (!cli->weights || !*cli->weights)
			return at_cli_usage_error("%s needs a file name", a);
	} else if (!strncmp(a, "-o", 2)) {
		cli->output = at_cli_value(argc, argv, i, 2);
		if (!cli->output || !*cli->output)
			return at_cli_usage_error("%s needs a file name", a);
		if (!strcmp(cli->output, "-"))
			cli->output = NULL;	/* standard output */
	} else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) ||
		   !strncmp(a, "-U", 2)) {
		cli->args[cli->n_arg++] = a;
		if (!a[2]) {
			if (*i + 1 >= argc)
				return at_cli_usage_error("%s needs a value", a);
			cli->args[cli->n_arg++] = argv[++*i];
		}
	} else if (!strncmp(a, "-std=", 5)) {
		int r = at_cli_check_std(a);

		if (r)
			return r;
		cli->args[cli->n_arg++] = a;
	} else {
		return at_cli_usage_error("unknown option `%s`", a);
	}
	return 0;
}

/* Parses the command line into *cli; returns 0 or an exit status. */
static int at_cli_parse(struct at_cli *cli, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		int r;
		if (!strcmp(argv[i], "--")) {
			while (++i < argc) {
				if (!strcmp(argv[i], "--"))
					return at_cli_usage_error("a second "
						"`%s` (the clang arguments "
						"follow the first)", "--");
				r = at_cli_check_std(argv[i]);
				if (r)
					return r;
				cli->args[cli->n_arg++] = argv[i];
			}
			break;
		}
		if (argv[i][0] == '-' && argv[i][1]) {
			r = at_cli_option(cli, argc, argv, &i);
			if (r)
				return r;
		} else if (cli->input) {
			return at_cli_usage_error("more than one input file "
				"(`%s`)", argv[i]);
		} else {
			cli->input = argv[i];
		}
	}
	if (!cli->input)
		return at_cli_usage_error("%s", "no input file");
	if (cli->report && !strcmp(cli->report, "-") && !cli->output)
		return at_cli_usage_error("--report `%s` and the C output would "
			"both go to standard output: give -o FILE", "-");
	return cli->report ? at_cli_clobbers(cli, "--report", cli->report) :
		0;
}

/* Returns 1 when `text` holds an identifier that starts with `p` followed
 * by a digit. */
static int at_cli_prefix_in(const char *text, const char *p)
{
	size_t n = strlen(p);

	for (const char *t = text; (t = strstr(t, p)); t++)
		if (isdigit((unsigned char)t[n]) && (t == text ||
		    !(isalnum((unsigned char)t[-1]) || t[-1] == '_')))
			return 1;
	return 0;
}

/* Returns 1 when `text` (src->text or its code alone) or a name that an
 * included file declares or defines (at_source.hdr_names) starts with
 * `p` followed by a digit. */
static int at_cli_prefix_used(const at_source *src, const char *text,
	const char *p)
{
	return at_cli_prefix_in(text, p) ||
		(src->hdr_names && at_cli_prefix_in(src->hdr_names, p));
}

/* Returns the prefix of generated iterators (<prefix><depth>): "c" unless
 * the file's text holds c<digits> (comments too), else "at_c", else the
 * first "at<k>_c" for k = 2, 3, ... (written to buf, of `size` bytes)
 * that no identifier of `code` (the file without comments and strings)
 * starts when followed by a digit, nor a name an included file declares
 * or defines (at_source.hdr_names). */
static const char *at_cli_iter_prefix(const at_source *src, const char *code,
	char *buf, size_t size)
{
	if (!at_cli_prefix_used(src, src->text, "c"))
		return "c";
	if (!at_cli_prefix_used(src, code, "at_c"))
		return "at_c";
	for (int k = 2;; k++) {
		snprintf(buf, size, "at%d_c", k);
		if (!at_cli_prefix_used(src, code, buf))
			return buf;
	}
}

/* Returns a copy of text (NULL when out of memory) with its comments and
 * string and character literals blanked, newlines kept: code alone. */
static char *at_cli_code_only(const char *text)
{
	char *c = strdup(text), q = 0;

	for (char *p = c; p && *p; p++) {
		if (q == 0 && p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
			q = p[1];
			*p++ = ' ';
		} else if (q == 0 && (*p == '"' || *p == '\'')) {
			q = *p;
			continue;
		} else if (q == 0) {
			continue;
		} else if (q == '/' && *p == '\n') {
			q = 0;
			continue;
		} else if (q == '*' && p[0] == '*' && p[1] == '/') {
			*p++ = ' ';
			q = 0;
		} else if ((q == '"' || q == '\'') && *p == q) {
			q = 0;
			continue;
		} else if ((q == '"' || q == '\'') && *p == '\\' && p[1]) {
			*p++ = ' ';
		}
		if (*p != '\n')
			*p = ' ';
	}
	return c;
}

/* Returns the name of a helper of the generated code that a file `src`
 * includes declares or defines (a function or macro `at_min`) without
 * autotile's guard `AT_HELPER_<name>`, or NULL. */
static const char *at_cli_helper_in_header(const at_source *src)
{
	char guard[64];
	const char *name;

	for (size_t i = 0; (name = at_codegen_helper_name(i)); i++) {
		snprintf(guard, sizeof(guard), "AT_HELPER_%s", name);
		if (at_source_declares(src, name) &&
		    !at_source_declares(src, guard))
			return name;
	}
	return NULL;
}

/* Warns, and returns 1, when the file calls or defines a function named
 * like a helper the generated code defines (at_codegen_helper_clash) in
 * its code (`code`: at_cli_code_only), or a file it includes declares or
 * defines one (at_cli_helper_in_header): every nest of the file is then
 * left as written. */
static int at_cli_helper_clash(const at_source *src, const char *code)
{
	const char *at = NULL, *name = at_codegen_helper_clash(code, &at);
	at_loc loc = { src->path, 1, 1, 0 };

	if (!name && (name = at_cli_helper_in_header(src))) {
		at_diag(&loc, AT_WARNING, "`%s`, which an included file "
			"declares or defines, is also a helper function that "
			"autotile's generated code defines; every loop nest of "
			"the file left unchanged", name);
		return 1;
	}
	if (at)
		at = src->text + (at - code);
	if (!name)
		return 0;
	for (const char *p = src->text; at && p < at; p++) {
		loc.col = *p == '\n' ? 1 : loc.col + 1;
		loc.line += *p == '\n';
	}
	loc.offset = at ? (unsigned)(at - src->text) : 0;
	at_diag(&loc, AT_WARNING, "`%s` is also the name of a helper "
		"function (or of a helper's parameter) that autotile's "
		"generated code defines; every loop nest of the file left "
		"unchanged", name);
	return 1;
}

/* Writes the `len` bytes of `text` to stream f (named `name`) and closes
 * it (stdout: flushes it); returns 0 or 1 after an error. */
static int at_cli_put(FILE *f, const char *name, const char *text,
	size_t len)
{
	int bad = fwrite(text, 1, len, f) != len;

	bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
	if (bad)
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", name,
			strerror(errno));
	return bad;
}

/* Writes the `len` bytes of `text` into a new temporary file beside
 * `path` with mode `mode` and renames it over path.  Returns 0, 1 after
 * an error (the temporary file removed), or -1 when no temporary file can
 * be made there (nothing written or said). */
static int at_cli_replace(const char *path, mode_t mode, const char *text,
	size_t len)
{
	char *tmp = malloc(strlen(path) + 16);
	int fd = -1, bad = 1;
	FILE *f;

	if (tmp && sprintf(tmp, "%s.at-XXXXXX", path) > 0)
		fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	if (fchmod(fd, mode) < 0 || !(f = fdopen(fd, "w"))) {
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", path,
			strerror(errno));
		close(fd);
	} else if (!at_cli_put(f, path, text, len)) {
		bad = rename(tmp, path) < 0;
		if (bad)
			at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", path,
				strerror(errno));
	}
	if (bad)
		unlink(tmp);
	free(tmp);
	return bad;
}

/* Writes the `len` bytes of `text` to `path` (stdout when NULL); returns
 * 0 or 1 after an error.  A regular file, or a new one, is replaced whole
 * (at_cli_replace, its mode kept), so that a failed write (a full disk)
 * leaves what was there, the input itself included; a device, a pipe or
 * a symbolic link is written through directly, as is a file in a
 * directory autotile may not create files in. */
static int at_cli_write(const char *path, const char *text, size_t len)
{
	struct stat st;
	int have = path && lstat(path, &st) == 0, rc = -1;
	mode_t mask = umask(0);
	FILE *f;

	umask(mask);
	if (path && (!have || S_ISREG(st.st_mode)))
		rc = at_cli_replace(path, have ? st.st_mode & 07777 :
			0666 & ~mask, text, len);
	if (rc >= 0)
		return rc;
	f = path ? fopen(path, "w") : stdout;
	if (!f) {
		at_diag(NULL, AT_ERROR, "cannot write `%s`: %s", path,
			strerror(errno));
		return 1;
	}
	return at_cli_put(f, path ? path : "standard output", text, len);
}

/* Measures the file with every nest at its current pick into *res in
 * `mode`; returns 0 or -1 (res->what says why). */
static int at_cli_measure(const struct at_cli *cli, const at_source *src,
	const at_plan *plans, at_tune_mode mode, double limit,
	at_tune_result *res)
{
	char **texts = calloc(src->n_scop + 1, sizeof(char *));
	char *out;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	if (!texts)
		return -1;
	for (int k = 0; k < src->n_scop; k++)
		texts[k] = at_plan_text(&plans[k]);
	out = at_rewrite(src, texts);
	if (out)
		rc = at_autotune_measure(&cli->tune, mode, out, limit, res);
	free(out);
	free(texts);
	return rc;
}

/* Measures option i of nest k (the others at their picks): checks its
 * output against ref_out on the exact build, then times it into *r.
 * Returns 0 when *r is a valid time, -1 after a note or warning. */
static int at_cli_tune_try(const struct at_cli *cli,
	const at_source *src, at_plan *plans, int k, int i,
	const char *ref_out, double limit, at_tune_result *r)
{
	at_plan *p = &plans[k];
	int bad;

	p->pick = i;
	if (at_cli_measure(cli, src, plans, AT_TUNE_CHECK, 0, r) < 0) {
		at_diag(&p->scop->loc, AT_NOTE, "autotune: %s: %s", p->id[i],
			r->what);
		return -1;
	}
	bad = strcmp(r->output, ref_out) != 0;
	at_autotune_result_clear(r);
	if (bad) {
		at_diag(&p->scop->loc, AT_WARNING, "autotune: %s: the "
			"program's output differs from the original's (built "
			"with -ffp-contract=off); candidate not used",
			p->id[i]);
		return -1;
	}
	if (at_cli_measure(cli, src, plans, AT_TUNE_TIME, limit, r) < 0) {
		at_diag(&p->scop->loc, AT_NOTE, "autotune: %s: %s", p->id[i],
			r->what);
		return -1;
	}
	return 0;
}

/* Tunes nest k: measures each of its options against *best (the file with
 * nest k kept) and keeps the fastest whose output equals ref_out.  Notes
 * what was measured.  Updates *best. */
static void at_cli_tune_nest(const struct at_cli *cli, const at_source *src,
	at_plan *plans, int k, const char *ref_out, at_tune_result *best)
{
	at_plan *p = &plans[k];
	int win = p->pick;

	for (int i = 0; i < p->n; i++) {
		at_tune_result r;

		if (!p->text[i] || at_cli_tune_try(cli, src, plans, k,
		    i, ref_out, 3 * best->time, &r) < 0)
			continue;
		at_diag(&p->scop->loc, AT_NOTE, "autotune: %s: %.6f s (best "
			"so far %.6f s)", p->id[i], r.time, best->time);
		if (r.time < best->time) {
			win = i;
			at_autotune_result_clear(best);
			*best = r;
		} else {
			at_autotune_result_clear(&r);
		}
	}
	p->pick = win;
	at_diag(&p->scop->loc, AT_NOTE, "autotune: chosen %s", p->id[win]);
}

/* --autotune: starts from every nest kept, checks and times the original
 * program, then tunes one nest after the other; builds nothing when no
 * nest has a choice.  The time it takes is --time-report's `autotune`.
 * Returns 0, or 1 when the original program cannot be built or run (an
 * error). */
static int at_cli_autotune(const struct at_cli *cli, const at_source *src,
	at_plan *plans)
{
	at_tune_result ref = { 0 }, best = { 0 };
	int rc = 1, options = 0;
	double t = at_timing_start();

	for (int k = 0; k < src->n_scop; k++) {
		options |= plans[k].n > 1;
		for (int i = 0; i < plans[k].n; i++)
			if (!plans[k].text[i])
				plans[k].pick = i;
	}
	if (!options) {		/* nothing to choose: nothing to build */
		at_diag(NULL, AT_NOTE, "autotune: no nest has candidates to "
			"time; nothing built");
		rc = 0;
		goto done;
	}
	if (at_cli_measure(cli, src, plans, AT_TUNE_CHECK_REF, 0, &ref) < 0) {
		at_diag(NULL, AT_ERROR, "--autotune: the original program: %s",
			ref.what);
		goto done;
	}
	if (ref.unstable) {	/* every candidate would "differ" */
		at_diag(NULL, AT_ERROR, "--autotune: the original program "
			"printed other output on its second run (a time, an "
			"address, a random number?); candidates are checked "
			"against its output, which must be the same every run");
		goto done;
	}
	if (at_cli_measure(cli, src, plans, AT_TUNE_TIME, 0, &best) < 0) {
		at_diag(NULL, AT_ERROR, "--autotune: the original program: %s",
			best.what);
		goto done;
	}
	at_diag(NULL, AT_NOTE, "autotune: original program: %.6f s",
		best.time);
	for (int k = 0; k < src->n_scop; k++)
		if (plans[k].n > 1)
			at_cli_tune_nest(cli, src, plans, k, ref.output, &best);
	rc = 0;
done:
	at_autotune_result_clear(&ref);
	at_autotune_result_clear(&best);
	at_timing_stop(AT_T_AUTOTUNE, t);
	return rc;
}

/* Creates directory `dir` unless it exists.  Returns 0, or -1 after a
 * one-line error. */
static int at_cli_svg_dir(const char *dir)
{
	struct stat st;

	if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 &&
	    S_ISDIR(st.st_mode)))
		return 0;
	at_diag(NULL, AT_ERROR, "--svg: cannot create directory '%s': %s", dir,
		errno == EEXIST ? "a file of that name exists" : strerror(errno));
	return -1;
}

/* Writes into path (`size` bytes) the name of the picture --svg draws of
 * the nest whose mark is on line `line`: DIR/FILE-LINE.svg, FILE the
 * input's last component without its `.c`. */
static void at_cli_svg_path(const struct at_cli *cli, unsigned line,
	char *path, size_t size)
{
	const char *base = strrchr(cli->input, '/');
	int len;

	base = base ? base + 1 : cli->input;
	len = (int)strlen(base);
	if (len > 2 && !strcmp(base + len - 2, ".c"))
		len -= 2;
	snprintf(path, size, "%s/%.*s-%u.svg", cli->svg, len, base, line);
}

/* Returns 2 after a usage error when the picture --svg would draw of a
 * nest of src names the input, the C output or the --report file
 * (at_cli_clobbers): one would overwrite the other.  Else returns 0. */
static int at_cli_svg_clobbers(const struct at_cli *cli,
	const at_source *src)
{
	char path[4200];
	int rc = 0;

	for (int k = 0; k < src->n_scop && !rc && cli->svg; k++) {
		at_cli_svg_path(cli, src->scops[k]->loc.line, path,
			sizeof(path));
		rc = at_cli_clobbers(cli, "--svg picture", path);
	}
	return rc;
}

/* Draws every nest under the option its plan uses into cli->svg (see
 * at_svg.h).  Returns 0, or -1 when a picture could not be written. */
static int at_cli_svg(isl_ctx *ctx, const struct at_cli *cli,
	const at_source *src, const at_plan *plans)
{
	char path[4200];
	int rc = 0;

	for (int k = 0; k < src->n_scop; k++) {
		const at_plan *p = &plans[k];

		at_cli_svg_path(cli, src->scops[k]->loc.line, path,
			sizeof(path));
		if (at_svg_nest(ctx, src->scops[k], p->n ? p->id[p->pick] :
		    "keep", path) < 0)
			rc = -1;
	}
	return rc;
}

/* Returns why planning left a nest as written: the last error reported
 * after the first `errors`, else the last warning after the first
 * `warnings`, else a general reason. */
static const char *at_cli_left_why(int errors, int warnings)
{
	if (at_diag_count(AT_ERROR) > errors)
		return at_diag_last(AT_ERROR);
	if (at_diag_count(AT_WARNING) > warnings)
		return at_diag_last(AT_WARNING);
	return "loop nest left unchanged";
}

/* Lists in `report` as refused the marks src->refused[*j], ... that come
 * before byte `before` of the file, and sets *j past them.  Returns 0, or
 * -1 when out of memory. */
static int at_cli_report_refused(cJSON *report, const at_source *src,
	int *j, unsigned before)
{
	for (; *j < src->n_refused && src->refused[*j].loc.offset < before;
	     ++*j)
		if (at_report_refused(report, -1, &src->refused[*j].loc,
		    src->refused[*j].why) < 0)
			return -1;
	return 0;
}

/* Plans every nest of src into plans under *po, none when the file names
 * a helper of the generated code (at_cli_helper_clash warns; `code` is
 * the file without comments).  With po->report, lists every mark of the
 * file there in file order: the nests planned, and as refused those the
 * frontend refused (src->refused) and those left as written here.
 * Returns 1 when a nest failed (an error was reported), else 0. */
static int at_cli_plan_all(isl_ctx *ctx, const at_source *src,
	const char *code, const at_plan_opts *po, at_plan *plans)
{
	int errors = at_diag_count(AT_ERROR);
	int warnings = at_diag_count(AT_WARNING);
	int clash = at_cli_helper_clash(src, code), failed = 0, bad = 0, j = 0;

	for (int k = 0; k < src->n_scop; k++) {
		const at_scop *s = src->scops[k];
		int listed;

		if (po->report && at_cli_report_refused(po->report, src, &j,
		    s->loc.offset) < 0)
			bad = 1;
		listed = at_report_count(po->report);
		if (!clash) {
			errors = at_diag_count(AT_ERROR);
			warnings = at_diag_count(AT_WARNING);
			failed |= at_plan_nest(ctx, s, po, &plans[k]) < 0;
		}
		if (po->report && !plans[k].n && at_report_refused(po->report,
		    listed, &s->loc, at_cli_left_why(errors, warnings)) < 0)
			bad = 1;
	}
	if (po->report && at_cli_report_refused(po->report, src, &j,
	    UINT_MAX) < 0)
		bad = 1;
	if (bad)
		at_diag(NULL, AT_ERROR, "out of memory listing the nests in "
			"the --report");
	return failed || bad;
}

/* Optimizes every nest of the parsed source and writes the result. */
static int at_cli_run(const struct at_cli *cli, const at_source *src)
{
	isl_ctx *ctx = at_scop_ctx_alloc();
	at_plan *plans = calloc(src->n_scop + 1, sizeof(at_plan));
	char **texts = calloc(src->n_scop + 1, sizeof(char *));
	char prefix[32], *code = at_cli_code_only(src->text);
	at_deps_memo memo = { NULL, NULL };
	at_plan_opts po = { cli->opts, at_cli_iter_prefix(src,
		code ? code : src->text, prefix, sizeof(prefix)),
		cli->tune.k > 0 ? cli->tune.k + 1 : 1, NULL, cli->model,
		cli->cg_limit < 0 ? AT_CG_LIMIT : cli->cg_limit,
		cli->cg_limit < 0 ? 0 : cli->cg_limit, &memo,
		cli->deps_limit };
	char *out = NULL;
	int rc = 1, failed;
	double t;

	if (!ctx || !plans || !texts || !code ||
	    (cli->svg && at_cli_svg_dir(cli->svg)))
		goto done;
	if (cli->report) {
		po.report = at_report_new(cli->input, AT_VERSION);
		if (!po.report)
			goto done;
	}
	failed = at_cli_plan_all(ctx, src, code, &po, plans);
	/* An error reported for a nest, even one left unchanged after an
	 * internal failure, makes the run fail as a compiler does. */
	if (at_diag_count(AT_ERROR) > 0)
		failed = 1;
	if (cli->tune.k > 0 && !failed && at_cli_autotune(cli, src, plans))
		goto done;
	if (cli->svg && !failed && at_cli_svg(ctx, cli, src, plans) < 0)
		failed = 1;
	for (int k = 0; k < src->n_scop; k++)
		texts[k] = at_plan_text(&plans[k]);
	t = at_timing_start();
	out = at_rewrite(src, texts);
	at_timing_stop(AT_T_REWRITE, t);
	/* a file with a NUL byte is left as written (the frontend warned):
	 * all its bytes, not the string before the NUL */
	if (out && memchr(src->text, 0, src->len))
		rc = at_cli_write(cli->output, src->text, src->len);
	else
		rc = out ? at_cli_write(cli->output, out, strlen(out)) : 1;
	if (po.report && at_report_write(cli->report, po.report))
		rc = 1;
	if (failed)
		rc = 1;
done:
	if (plans)
		for (int k = 0; k < src->n_scop; k++)
			at_plan_clear(&plans[k]);
	free(plans);
	free(texts);
	free(code);
	free(out);
	cJSON_Delete(po.report);
	at_deps_memo_clear(&memo);
	isl_ctx_free(ctx);
	return rc;
}

/* Points the autotune build at the input's directory and the -I/-D flags
 * given for clang; dir (of `size` bytes) holds the directory name. */
static void at_cli_tune_setup(struct at_cli *cli, char *dir, size_t size)
{
	const char *slash = strrchr(cli->input, '/');

	if (slash && (size_t)(slash - cli->input) < size) {
		snprintf(dir, size, "%.*s", (int)(slash - cli->input),
			cli->input);
		if (!dir[0])
			snprintf(dir, size, "/");
		cli->tune.src_dir = dir;
	}
	cli->tune.n_arg = cli->n_arg;
	cli->tune.args = cli->args;
}

/* Loads the cost model: --weights, else $AUTOTILE_WEIGHTS, else
 * ../weights/default.json relative to the directory of the running
 * program (/proc/self/exe, else argv0).  Returns NULL after a one-line
 * error. */
static at_model *at_cli_load_model(const struct at_cli *cli, const char *argv0)
{
	const char *env = getenv("AUTOTILE_WEIGHTS");
	char exe[4096], path[4200], err[512];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;
	at_model *m;
	double t;

	if (n > 0)
		exe[n] = 0;
	else
		snprintf(exe, sizeof(exe), "%s", argv0);
	slash = strrchr(exe, '/');
	if (slash)
		*slash = 0;
	else
		snprintf(exe, sizeof(exe), ".");
	if (cli->weights)
		snprintf(path, sizeof(path), "%s", cli->weights);
	else if (env && *env)
		snprintf(path, sizeof(path), "%s", env);
	else
		snprintf(path, sizeof(path), "%s/../weights/default.json", exe);
	t = at_timing_start();
	at_model_one_thread();
	m = at_model_load(path, AT_FEAT_LAYOUT, AT_FEAT_NEST_DIM,
		AT_FEAT_CAND_DIM, err, sizeof(err));
	at_timing_stop(AT_T_WEIGHTS, t);
	if (!m)
		at_diag(NULL, AT_ERROR, "%s (the cost model's weights: give "
			"another with --weights FILE, or tile without the model "
			"with --strategy fixed:32)", err);
	return m;
}

int main(int argc, char **argv)
{
	struct at_cli cli = { 0 };
	at_source *src = NULL;
	char dir[4096];
	int rc;
	double t;

	cli.use_model = 1;	/* --strategy model */
	cli.opts.parallel = 1;
	cli.cg_limit = -1;
	cli.deps_limit = AT_DEPS_LIMIT;
	cli.opts.tile_scan = cli.opts.point_scan = -1;
	at_autotune_defaults(&cli.tune);
	cli.tune.k = 0;
	cli.args = calloc(argc + 1, sizeof(char *));
	if (!cli.args)
		return 1;
	rc = at_cli_parse(&cli, argc, argv);
	if (rc) {
		free(cli.args);
		return rc < 0 ? 0 : rc;
	}
	at_cli_tune_setup(&cli, dir, sizeof(dir));
	if (cli.use_model && !cli.opts.candidate[0] &&
	    !(cli.model = at_cli_load_model(&cli, argv[0]))) {
		free(cli.args);
		return 1;
	}
	t = at_timing_start();
	rc = at_frontend_parse(cli.input, cli.n_arg, cli.args, &src);
	at_timing_stop(AT_T_PARSE, t);
	if (rc == 0)
		rc = at_cli_svg_clobbers(&cli, src);
	if (rc == 0)
		rc = at_cli_run(&cli, src);
	at_timing_report(stderr);
	if (cli.model && at_timing_enabled())
		fprintf(stderr, "  the model scored with OpenBLAS's %s kernels\n",
			at_blas_core());
	at_source_free(src);
	at_model_free(cli.model);
	free(cli.args);
	return rc;
}
