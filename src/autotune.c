/*
 * autotune.c — build and time rewritten programs for `--autotune K`
 * (see at_autotune.h).  Processes are started with fork/execvp, never
 * through a shell, so file names and flags need no quoting.
 */
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

#include "at_autotune.h"
#include "at_buf.h"

#define AT_TUNE_MAX_ARGV 256

/* A private temporary directory and the files autotuning uses in it. */
typedef struct at_tune_dir {
	char dir[64];
	char src[96], bin[96], out[96], err[96];
} at_tune_dir;

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

/* Appends the blank-separated words of `s` (a copy is made into `store`,
 * which must hold strlen(s) + 1 bytes) to argv[*n]; returns -1 when argv
 * would overflow. */
static int at_tune_words(const char **argv, int *n, const char *s,
	char *store)
{
	char *save = NULL, *w;

	if (!s)
		return 0;
	strcpy(store, s);
	for (w = strtok_r(store, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (*n >= AT_TUNE_MAX_ARGV - 1)
			return -1;
		argv[(*n)++] = w;
	}
	argv[*n] = NULL;
	return 0;
}

/* Runs argv with stdout to `out` and stderr to `err` (either may be
 * NULL: /dev/null), killing it after `timeout` seconds.  Sets *secs to its
 * wall time.  Returns its exit status, 124 on time-out, -1 when it could
 * not be started. */
static int at_tune_spawn(const char *const *argv, const char *out,
	const char *err, int timeout, double *secs)
{
	double t0 = at_tune_now();
	struct timespec nap = { 0, 2000000 };
	int status = 0;
	pid_t pid = fork(), w;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fo = open(out ? out : "/dev/null",
			O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int fe = open(err ? err : "/dev/null",
			O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
			_exit(127);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	while ((w = waitpid(pid, &status, WNOHANG)) == 0) {
		if (at_tune_now() - t0 > timeout) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			*secs = at_tune_now() - t0;
			return 124;
		}
		nanosleep(&nap, NULL);
	}
	*secs = at_tune_now() - t0;
	if (w < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
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

/* Creates the temporary directory and names its files; returns 0 or -1. */
static int at_tune_dir_make(at_tune_dir *d)
{
	snprintf(d->dir, sizeof(d->dir), "/tmp/autotile-tune-XXXXXX");
	if (!mkdtemp(d->dir))
		return -1;
	snprintf(d->src, sizeof(d->src), "%s/prog.c", d->dir);
	snprintf(d->bin, sizeof(d->bin), "%s/prog", d->dir);
	snprintf(d->out, sizeof(d->out), "%s/out", d->dir);
	snprintf(d->err, sizeof(d->err), "%s/err", d->dir);
	return 0;
}

/* Removes the temporary directory and its files. */
static void at_tune_dir_remove(const at_tune_dir *d)
{
	unlink(d->src);
	unlink(d->bin);
	unlink(d->out);
	unlink(d->err);
	rmdir(d->dir);
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

/* Sets res->what to the compiler's status and first message line, or for
 * a file without main() to what the user can do about it. */
static void at_tune_build_error(const at_tune_opts *o, const at_tune_dir *d,
	int status, at_tune_result *res)
{
	char *msg = at_tune_slurp(d->err);
	char *nl = msg ? strchr(msg, '\n') : NULL;

	if (msg && strstr(msg, "undefined reference to `main'")) {
		snprintf(res->what, sizeof(res->what), "%s failed: the file "
			"has no main(); give the rest of the program with "
			"--tune-libs, e.g. --tune-libs \"main.c -lm\"", o->cc);
		free(msg);
		return;
	}
	if (nl)
		*nl = 0;
	snprintf(res->what, sizeof(res->what), "%s failed (status %d)%s%s",
		o->cc, status, msg && *msg ? ": " : "", msg ? msg : "");
	free(msg);
}

/* Compiles d->src into d->bin; returns 0, or -1 with res->what set. */
static int at_tune_build(const at_tune_opts *o, const at_tune_dir *d,
	at_tune_result *res)
{
	const char *argv[AT_TUNE_MAX_ARGV];
	size_t need = strlen(o->cflags) + strlen(o->ldlibs) + 2;
	char *store = malloc(need + strlen(o->src_dir) + 3);
	char *inc = store ? store + need : NULL;
	double secs;
	int n = 0, rc = -1, st;

	if (!store) {
		snprintf(res->what, sizeof(res->what), "out of memory");
		return -1;
	}
	argv[n++] = o->cc;
	if (at_tune_words(argv, &n, o->cflags, store) < 0)
		goto done;
	sprintf(inc, "-I%s", o->src_dir);
	argv[n++] = inc;
	for (int i = 0; i < o->n_arg && n < AT_TUNE_MAX_ARGV - 8; i++)
		argv[n++] = o->args[i];
	argv[n++] = d->src;
	argv[n++] = "-o";
	argv[n++] = d->bin;
	argv[n] = NULL;
	if (at_tune_words(argv, &n, o->ldlibs,
	    store + strlen(o->cflags) + 1) < 0)
		goto done;
	st = at_tune_spawn(argv, NULL, d->err, o->timeout, &secs);
	if (st == 0)
		rc = 0;
	else
		at_tune_build_error(o, d, st, res);
done:
	if (rc < 0 && !res->what[0])
		snprintf(res->what, sizeof(res->what), "too many flags");
	free(store);
	return rc;
}

/* Runs d->bin opts->runs times (fewer past `limit`); fills *res. */
static int at_tune_runs(const at_tune_opts *o, const at_tune_dir *d,
	double limit, at_tune_result *res)
{
	const char *argv[AT_TUNE_MAX_ARGV];
	char *store = malloc(o->run_args ? strlen(o->run_args) + 1 : 1);
	int n = 1, rc = -1;

	argv[0] = d->bin;
	argv[1] = NULL;
	if (!store || at_tune_words(argv, &n, o->run_args, store) < 0)
		goto error;
	for (int r = 0; r < o->runs; r++) {
		double wall, t;
		int st = at_tune_spawn(argv, d->out, NULL, o->timeout, &wall);
		char *text, *rest;

		if (st == 124) {
			snprintf(res->what, sizeof(res->what), "the program "
				"timed out after %d s (--tune-timeout)",
				o->timeout);
			goto error;
		}
		if (st != 0) {
			snprintf(res->what, sizeof(res->what), "the program "
				"failed (status %d)", st);
			goto error;
		}
		text = at_tune_slurp(d->out);
		if (!text)
			goto error;
		t = wall;
		rest = at_tune_split(text, &t);
		free(text);
		if (!res->output)
			res->output = rest;
		else
			free(rest);
		if (!res->ok || t < res->time)
			res->time = t;
		res->ok = 1;
		if (limit > 0 && t > limit)
			break;
	}
	rc = 0;
error:
	free(store);
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
	if (mode == AT_TUNE_CHECK) {
		flags = malloc(strlen(opts->cflags) + 32);
		if (!flags)
			goto error;
		sprintf(flags, "%s -ffp-contract=off", opts->cflags);
		o.cflags = flags;
		o.runs = 1;
		limit = 0;
	}
	if (at_tune_dir_make(&d) < 0) {
		snprintf(res->what, sizeof(res->what), "cannot create a "
			"temporary directory: %s", strerror(errno));
		goto error;
	}
	if (at_tune_write(d.src, text) < 0)
		snprintf(res->what, sizeof(res->what), "cannot write %s",
			d.src);
	else if (at_tune_build(&o, &d, res) == 0)
		rc = at_tune_runs(&o, &d, limit, res);
	at_tune_dir_remove(&d);
error:
	if (rc < 0 && !res->what[0])
		snprintf(res->what, sizeof(res->what), "out of memory");
	free(flags);
	return rc;
}
