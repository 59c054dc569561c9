/*
 * autotune.c — build and time rewritten programs for `--autotune K`
 * (see at_autotune.h).  Processes are started with fork/execvp, never
 * through a shell; the option strings are split into words with POSIX
 * wordexp (quotes and backslashes as in the shell, no commands run).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wordexp.h>

#include "at_autotune.h"
#include "at_buf.h"


/* at_tune_spawn's status of a process it killed after the time limit. */
#define AT_TUNE_TIMED_OUT (-2)

/* A private temporary directory and the files autotuning uses in it. */
typedef struct at_tune_dir {
	char dir[1024];
	char src[1040], bin[1040], out[1040], err[1040];
} at_tune_dir;

/* What a signal that ends autotile must clean up: the directory in use
 * and the child process running (one measurement at a time). */
static const at_tune_dir *volatile at_tune_live_dir;
static volatile pid_t at_tune_live_child;
static const int at_tune_signals[] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction at_tune_saved[3];

/* Fills *opts with the defaults (see at_autotune.h). */
void at_autotune_defaults(at_tune_opts *opts)
{
	const char *cc = getenv("CC");

	memset(opts, 0, sizeof(*opts));
	opts->k = 5;
	opts->cc = cc && *cc ? cc : "gcc";
	opts->cflags = "-O3 -march=native -fopenmp";
	opts->ldlibs = "-lm";
	opts->runs = 3;
	opts->timeout = 600;
	opts->src_dir = ".";
}

/* Frees what *res holds and zeroes it. */
void at_autotune_result_clear(at_tune_result *res)
{
	free(res->output);
	memset(res, 0, sizeof(*res));
}

/* Returns a monotonic time in seconds. */
static double at_tune_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Returns 1 when `s` has a `$` outside single quotes, not escaped by a
 * backslash, that starts neither $NAME nor ${NAME}: glibc's wordexp
 * expands $1, $@ and $$ from autotile's own process, and crashes on
 * ${X?}, so only variables of the environment are let through.  (A
 * command substitution $(...) is refused here too.) */
static int at_tune_bad_dollar(const char *s)
{
	int single = 0, dq = 0;

	for (const char *p = s; *p; p++) {
		size_t n;

		if (*p == '\'' && !single && !dq) {
			single = 1;
			continue;
		}
		if (*p == '"' && !single)
			dq = !dq;
		if (single) {
			single = *p != '\'';
			continue;
		}
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p != '$')
			continue;
		p += p[1] == '{';
		n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP"
			"QRSTUVWXYZ_0123456789");
		if (n == 0 || isdigit((unsigned char)p[1]) ||
		    (*p == '{' && p[1 + n] != '}'))
			return 1;
		p += n;
	}
	return 0;
}

/* Splits `s` (NULL: no words) into words as the shell does (quotes,
 * backslashes, $VAR, file patterns) into *we, never running a command.
 * Returns 0, or -1 with `why` (`size` bytes) saying what is wrong.  On 0
 * the caller releases *we with wordfree. */
static int at_tune_split_words(const char *s, wordexp_t *we, char *why,
	size_t size)
{
	int rc;

	if (at_tune_bad_dollar(s ? s : "")) {
		snprintf(why, size, "a `$` that starts no $NAME or ${NAME} "
			"(write \\$ for a dollar sign)");
		return -1;
	}
	rc = wordexp(s ? s : "", we, WRDE_NOCMD);
	if (rc == 0)
		return 0;
	if (rc == WRDE_NOSPACE)
		wordfree(we);
	snprintf(why, size, "%s", rc == WRDE_BADCHAR ? "an unquoted "
		"character of | & ; < > ( ) { } or a newline" :
		rc == WRDE_CMDSUB ? "a command substitution, which autotile "
		"does not run" : rc == WRDE_SYNTAX ? "an unbalanced quote or "
		"a bad ${...}" : "too many words");
	return -1;
}

/* Checks that `s` splits into words (see at_autotune.h). */
int at_autotune_words_check(const char *s, char *why, size_t size)
{
	wordexp_t we;

	if (at_tune_split_words(s, &we, why, size) < 0)
		return -1;
	wordfree(&we);
	return 0;
}

/* Appends the words of *we to argv[*n] (which has room for them and a
 * NULL after). */
static void at_tune_words(const char **argv, int *n, const wordexp_t *we)
{
	for (size_t w = 0; w < we->we_wordc; w++)
		argv[(*n)++] = we->we_wordv[w];
	argv[*n] = NULL;
}

/* Runs argv, in a process group of its own, with stdin from /dev/null,
 * stdout to `out` and stderr to `err` (either may be NULL: /dev/null),
 * killing the group after `timeout` seconds.  Sets *secs to its
 * wall time.  Returns its exit status, 256 + the signal that killed it,
 * AT_TUNE_TIMED_OUT, or -1 when it could not be started. */
static int at_tune_spawn(const char *const *argv, const char *out,
	const char *err, int timeout, double *secs)
{
	double t0 = at_tune_now();
	struct timespec nap = { 0, 2000000 };
	int status = 0;
	pid_t pid = fork(), w;

	if (pid < 0)
		return -1;
	at_tune_live_child = pid;
	if (pid == 0) {
		int fo = open(out ? out : "/dev/null",
			O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int fe = open(err ? err : "/dev/null",
			O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int fi = open("/dev/null", O_RDONLY);
		/* a group of its own: a compiler's subprocesses end with it;
		 * no input, so that every run reads the same (nothing) */
		if (fo < 0 || fe < 0 || fi < 0 || dup2(fo, 1) < 0 ||
		    dup2(fe, 2) < 0 || dup2(fi, 0) < 0 || setpgid(0, 0) < 0)
			_exit(127);
		if (fo > 2)	/* 0 to 2 when autotile's own were closed */
			close(fo);
		if (fe > 2)
			close(fe);
		if (fi > 2)
			close(fi);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	while ((w = waitpid(pid, &status, WNOHANG)) == 0) {
		if (at_tune_now() - t0 > timeout) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			at_tune_live_child = 0;
			*secs = at_tune_now() - t0;
			return AT_TUNE_TIMED_OUT;
		}
		nanosleep(&nap, NULL);
	}
	at_tune_live_child = 0;
	*secs = at_tune_now() - t0;
	if (w < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) :
		WIFSIGNALED(status) ? 256 + WTERMSIG(status) : 255;
}

/* Returns the contents of file `path` (malloc'd, NUL-terminated) or NULL. */
static char *at_tune_slurp(const char *path)
{
	at_buf b = { 0 };

	if (at_buf_read_file(&b, path) < 0) {
		at_buf_clear(&b);
		return NULL;
	}
	return at_buf_take(&b);
}

/* Splits a program's stdout `text` into its first `time:` value (*t, left
 * alone when there is none) and the other lines (returned, malloc'd). */
static char *at_tune_split(const char *text, double *t)
{
	at_buf b = { 0 };
	int seen = 0;

	at_buf_add(&b, "");
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p + 1) : strlen(p);
		char *end;

		if (!strncmp(p, "time:", 5)) {
			double v = strtod(p + 5, &end);
			if (!seen && end != p + 5) {
				*t = v;
				seen = 1;
			}
		} else {
			at_buf_addn(&b, p, len);
		}
		p += len;
	}
	return at_buf_take(&b);
}

/* Creates the temporary directory (in $TMPDIR, else /tmp) and names its
 * files; returns 0 or -1 (errno set). */
static int at_tune_dir_make(at_tune_dir *d)
{
	const char *tmp = getenv("TMPDIR");

	if (!tmp || !*tmp)
		tmp = "/tmp";
	if ((size_t)snprintf(d->dir, sizeof(d->dir), "%s/autotile-tune-XXXXXX",
	    tmp) >= sizeof(d->dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!mkdtemp(d->dir))
		return -1;
	snprintf(d->src, sizeof(d->src), "%s/prog.c", d->dir);
	snprintf(d->bin, sizeof(d->bin), "%s/prog", d->dir);
	snprintf(d->out, sizeof(d->out), "%s/out", d->dir);
	snprintf(d->err, sizeof(d->err), "%s/err", d->dir);
	return 0;
}

/* Removes the temporary directory and its files (async-signal-safe). */
static void at_tune_dir_remove(const at_tune_dir *d)
{
	unlink(d->src);
	unlink(d->bin);
	unlink(d->out);
	unlink(d->err);
	rmdir(d->dir);
}

/* Handles SIGINT, SIGTERM or SIGHUP during a measurement: ends the
 * child's process group (SIGTERM, so that a compiler removes its
 * temporary files; SIGKILL after a second), removes the temporary
 * directory, then ends autotile by the signal's default action. */
static void at_tune_on_signal(int sig)
{
	struct timespec nap = { 0, 10000000 };
	pid_t child = at_tune_live_child;
	const at_tune_dir *d = at_tune_live_dir;
	int gone = 0;

	if (child > 0) {
		kill(-child, SIGTERM);
		for (int i = 0; i < 100 && !gone; i++)
			if (!(gone = waitpid(child, NULL, WNOHANG) != 0))
				nanosleep(&nap, NULL);
		kill(-child, SIGKILL);	/* what is left of the group */
		if (!gone)
			waitpid(child, NULL, 0);
	}
	if (d)
		at_tune_dir_remove(d);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Makes the signals that end autotile remove directory d first (d NULL:
 * restores the handlers saved before).  A signal the caller ignores stays
 * ignored. */
static void at_tune_guard(const at_tune_dir *d)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = at_tune_on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++) {
		if (!d) {
			sigaction(at_tune_signals[i], &at_tune_saved[i], NULL);
			continue;
		}
		sigaction(at_tune_signals[i], NULL, &at_tune_saved[i]);
		if (at_tune_saved[i].sa_handler != SIG_IGN)
			sigaction(at_tune_signals[i], &sa, NULL);
	}
	at_tune_live_dir = d;
}

/* Writes `text` to `path`; returns 0 or -1. */
static int at_tune_write(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f)
		return -1;
	bad = fputs(text, f) < 0;
	bad |= fclose(f) != 0;
	return bad ? -1 : 0;
}

/* Writes into buf (`size` bytes) what `who` did for status st of
 * at_tune_spawn: "timed out after S s", "was killed by signal N (name)",
 * "could not be run" (127, execvp's failure), "failed (status N)". */
static void at_tune_status(char *buf, size_t size, const char *who, int st,
	int timeout)
{
	if (st == AT_TUNE_TIMED_OUT)
		snprintf(buf, size, "%s timed out after %d s (--tune-timeout)",
			who, timeout);
	else if (st > 256)
		snprintf(buf, size, "%s was killed by signal %d (%s)", who,
			st - 256, strsignal(st - 256));
	else if (st == 127 || st < 0)
		snprintf(buf, size, "%s could not be run (not found?) or "
			"exited with status 127", who);
	else
		snprintf(buf, size, "%s failed (status %d)", who, st);
}

/* Returns the start of the first line of `text` that contains `word`, or
 * NULL. */
static char *at_tune_line_with(char *text, const char *word)
{
	char *w = strstr(text, word), *b = w;

	while (b && b > text && b[-1] != '\n')
		b--;
	return b;
}

/* Returns the line of the compiler's messages `msg` that says why the
 * build failed, cut at its end: the first that says "error:", else the
 * first that says "error", else the first (a warning may come before the
 * error).  msg is NULL or modified. */
static char *at_tune_error_line(char *msg)
{
	char *line, *nl;

	if (!msg)
		return NULL;
	line = at_tune_line_with(msg, "error:");
	if (!line)
		line = at_tune_line_with(msg, "error");
	if (!line)
		line = msg;
	nl = strchr(line, '\n');
	if (nl)
		*nl = 0;
	return line;
}

/* Sets res->what to the compiler's status and its message line that says
 * why (at_tune_error_line), or for a file without main() to what the user
 * can do about it. */
static void at_tune_build_error(const at_tune_opts *o, const at_tune_dir *d,
	int status, at_tune_result *res)
{
	char *msg = at_tune_slurp(d->err), *line, how[96];

	if (msg && strstr(msg, "undefined reference to `main'")) {
		snprintf(res->what, sizeof(res->what), "%s failed: the file "
			"has no main(); give the rest of the program with "
			"--tune-libs, e.g. --tune-libs \"main.c -lm\"", o->cc);
		free(msg);
		return;
	}
	line = at_tune_error_line(msg);
	at_tune_status(how, sizeof(how), o->cc, status, o->timeout);
	snprintf(res->what, sizeof(res->what), "%s%s%s", how,
		line && *line ? ": " : "", line ? line : "");
	free(msg);
}

/* Compiles d->src into d->bin; returns 0, or -1 with res->what set. */
static int at_tune_build(const at_tune_opts *o, const at_tune_dir *d,
	at_tune_result *res)
{
	/* the compiler, its flags, the libraries; the compiler may be
	 * several words too, as $CC often is */
	const char *text[3] = { o->cc, o->cflags, o->ldlibs };
	const char **argv = NULL;
	char *inc = malloc(strlen(o->src_dir) + 3);
	wordexp_t w[3];
	double secs;
	int n = 0, rc = -1, st, have = 0;

	while (have < 3 && at_tune_split_words(text[have], &w[have],
	    res->what, sizeof(res->what)) == 0)
		have++;
	if (have < 3 || w[0].we_wordc == 0)
		goto done;
	argv = malloc((w[0].we_wordc + w[1].we_wordc + w[2].we_wordc +
		(size_t)o->n_arg + 5) * sizeof(*argv));
	if (!inc || !argv)
		goto done;
	at_tune_words(argv, &n, &w[0]);
	at_tune_words(argv, &n, &w[1]);
	sprintf(inc, "-I%s", o->src_dir);
	argv[n++] = inc;
	for (int i = 0; i < o->n_arg; i++)
		argv[n++] = o->args[i];
	argv[n++] = d->src;
	argv[n++] = "-o";
	argv[n++] = d->bin;
	at_tune_words(argv, &n, &w[2]);
	st = at_tune_spawn(argv, NULL, d->err, o->timeout, &secs);
	if (st == 0)
		rc = 0;
	else
		at_tune_build_error(o, d, st, res);
done:
	if (rc < 0 && !res->what[0])
		snprintf(res->what, sizeof(res->what), have == 3 &&
			!w[0].we_wordc ? "no compiler named" : "out of memory");
	while (have > 0)
		wordfree(&w[--have]);
	free(argv);
	free(inc);
	return rc;
}

/* Runs d->bin opts->runs times (fewer past `limit`); fills *res. */
static int at_tune_runs(const at_tune_opts *o, const at_tune_dir *d,
	double limit, at_tune_result *res)
{
	const char **argv = NULL;
	wordexp_t wa;
	int n = 1, rc = -1, have_a;

	have_a = at_tune_split_words(o->run_args, &wa, res->what,
		sizeof(res->what)) == 0;
	if (!have_a || !(argv = malloc((wa.we_wordc + 2) * sizeof(*argv))))
		goto error;
	argv[0] = d->bin;
	at_tune_words(argv, &n, &wa);
	for (int r = 0; r < o->runs; r++) {
		double wall, t;
		int st = at_tune_spawn(argv, d->out, NULL, o->timeout, &wall);
		char *text, *rest;

		if (st != 0) {
			at_tune_status(res->what, sizeof(res->what),
				"the program", st, o->timeout);
			goto error;
		}
		text = at_tune_slurp(d->out);
		if (!text)
			goto error;
		t = wall;
		rest = at_tune_split(text, &t);
		free(text);
		if (!res->output) {
			res->output = rest;
		} else {
			res->unstable |= !rest || strcmp(rest, res->output);
			free(rest);
		}
		if (!res->ok || t < res->time)
			res->time = t;
		res->ok = 1;
		if (limit > 0 && t > limit)
			break;
	}
	rc = 0;
error:
	free(argv);
	if (have_a)
		wordfree(&wa);
	if (rc < 0 && !res->what[0])
		snprintf(res->what, sizeof(res->what), "cannot run the "
			"program");
	if (rc < 0)
		res->ok = 0;
	return rc;
}

/* Builds and times one program (see at_autotune.h). */
int at_autotune_measure(const at_tune_opts *opts, at_tune_mode mode,
	const char *text, double limit, at_tune_result *res)
{
	at_tune_opts o = *opts;
	at_tune_dir d;
	char *flags = NULL;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	if (mode != AT_TUNE_TIME) {
		flags = malloc(strlen(opts->cflags) + 32);
		if (!flags)
			goto error;
		sprintf(flags, "%s -ffp-contract=off", opts->cflags);
		o.cflags = flags;
		o.runs = mode == AT_TUNE_CHECK_REF ? 2 : 1;
		limit = 0;
	}
	if (at_tune_dir_make(&d) < 0) {
		snprintf(res->what, sizeof(res->what), "cannot create a "
			"temporary directory: %s", strerror(errno));
		goto error;
	}
	at_tune_guard(&d);
	if (at_tune_write(d.src, text) < 0)
		snprintf(res->what, sizeof(res->what), "cannot write %.140s",
			d.src);
	else if (at_tune_build(&o, &d, res) == 0)
		rc = at_tune_runs(&o, &d, limit, res);
	at_tune_dir_remove(&d);
	at_tune_guard(NULL);
error:
	if (rc < 0 && !res->what[0])
		snprintf(res->what, sizeof(res->what), "out of memory");
	free(flags);
	return rc;
}
