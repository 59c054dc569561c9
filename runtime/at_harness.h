/*
 * at_harness.h — the measurement harness of programs that hold several
 * variants of one kernel (the `--variants` programs of autotile-gen, which
 * the dataset driver bin/autotile-dataset compiles and runs).
 *
 * Header-only: every function is `static inline` and prefixed
 * `at_harness_`; it needs C11 and, for --timeout, POSIX interval timers
 * (compiled out where <sys/time.h> has none).  Works with and without
 * -fopenmp.
 *
 * A program describes itself in an at_harness_prog (its variants, init(),
 * the hash of its outputs and the arrays its kernels write) and hands its
 * command line to at_harness_main():
 *
 *     ./prog [options] [V ...]
 *
 * runs the variants V (default: all, in order), each on fresh data, and
 * prints one line per variant:
 *
 *     variant V time: T hash: H                       without options
 *     variant V time: T hash: H runs: N spread: S     with any option
 *     variant V timeout limit: L                      stopped by a limit
 *
 * (L, %.6f: the limit in seconds that one run of the variant exceeded,
 * as applied: see --timeout and --ref-timeout.)
 *
 * T is the minimum over the timed runs (seconds, %.6f, the kernel only),
 * H the FNV-1a hash of the outputs after the LAST run (%016llx), N the
 * number of timed runs (0: the variant was cut after its warm-up, whose
 * time T is then), S = (max - min) / min over the timed runs (%.4f).
 * Options:
 *
 *     --runs R        at most R timed runs (default 1)
 *     --warmup W      W untimed runs first (default 0)
 *     --ref-limit X   stop timing a variant as soon as one of its runs
 *                     (warm-up included) takes more than X times the
 *                     reference time: a candidate 5x slower than the
 *                     reference is not worth more runs (default: off)
 *     --cut-min S     --ref-limit cuts only at a run of S seconds or more
 *                     (default 0): a run of milliseconds can take many
 *                     times its usual time when one thread of the team
 *                     loses its core for a moment at a barrier, or when
 *                     the first parallel region of the program starts
 *                     the threads in the warm-up; shorter runs cost too
 *                     little to cut, so all of them are taken and the
 *                     minimum is kept
 *     --ref-time T    the reference time (default: variant 0's time when
 *                     it is run first by this process)
 *     --budget S      start no further timed run of a variant once S
 *                     seconds went into it (default: off)
 *     --timeout S     print "variant V timeout limit: S" and exit with
 *                     status 3 when one run of a variant (warm-up or
 *                     timed, the kernel call only) takes more than S
 *                     seconds (default: off)
 *     --ref-timeout X the same when one run of a variant (not the
 *                     reference) takes more than X times the reference
 *                     time, but at least 1 s (a restart costs more than
 *                     waiting) (default: off; the smaller of the two
 *                     applies)
 *
 * The limit bounds one run, not the sum of a variant's runs, so that a
 * timeout says the variant's time is above L (a sum of four runs over L
 * would only say each is above L / 4); --ref-limit and --budget keep the
 * number of long runs small.
 *
 * Fresh data: init() runs once; the arrays the kernels write are saved
 * then and copied back before every run (warm-up or timed), so every run
 * does the same work on the same values, and only the kernel is timed.
 * Without -fopenmp OMP_NUM_THREADS is simply ignored.
 */
#ifndef AT_HARNESS_H
#define AT_HARNESS_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "at_bench.h"

#if defined(ITIMER_REAL) && defined(SIGALRM)
#define AT_HARNESS_HAVE_TIMEOUT 1
#else
#define AT_HARNESS_HAVE_TIMEOUT 0
#endif

/* One array the kernels write: its first byte and its size in bytes. */
typedef struct at_harness_buf {
	void *p;
	size_t n;
} at_harness_buf;

/* A variants program: n kernels (kernels[0] is the reference), the
 * function that fills every array, the hash of the outputs, and the
 * n_buf arrays the kernels write (restored before each run).  `saved` is
 * the harness's copy of them (NULL before at_harness_save). */
typedef struct at_harness_prog {
	int n;
	void (*const *kernels)(void);
	void (*init)(void);
	uint64_t (*hash)(void);
	const at_harness_buf *bufs;
	int n_buf;
	void **saved;
} at_harness_prog;

/* How to time a variant (see the options above); 0 means "off" for the
 * limits. */
typedef struct at_harness_opts {
	int runs;
	int warmup;
	double ref_limit;
	double ref_time;
	double cut_min;
	double budget;
	double timeout;
	double ref_timeout;
	int stats;		/* print runs and spread (any option given) */
} at_harness_opts;

/* What timing one variant gave. */
typedef struct at_harness_result {
	double time;		/* min over the timed runs (or the warm-up) */
	double spread;		/* (max - min) / min over the timed runs */
	int runs;		/* timed runs; 0: cut after the warm-up */
	uint64_t hash;		/* of the outputs after the last run */
} at_harness_result;

/* Contract: fills *o with the defaults: one timed run, no warm-up, no
 * limits, the short output line. */
static inline void at_harness_defaults(at_harness_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->runs = 1;
}

/* Contract: runs p->init() once and keeps a copy of each of p's written
 * arrays in p->saved.  Returns 0, or -1 when memory is short (then
 * p->saved is NULL and at_harness_restore falls back on init()). */
static inline int at_harness_save(at_harness_prog *p)
{
	p->init();
	p->saved = p->n_buf ? (void **)calloc((size_t)p->n_buf,
		sizeof(void *)) : NULL;
	if (!p->saved)
		return p->n_buf ? -1 : 0;
	for (int i = 0; i < p->n_buf; i++) {
		p->saved[i] = malloc(p->bufs[i].n ? p->bufs[i].n : 1);
		if (!p->saved[i])
			goto error;
		memcpy(p->saved[i], p->bufs[i].p, p->bufs[i].n);
	}
	return 0;
error:
	for (int i = 0; i < p->n_buf; i++)
		free(p->saved[i]);
	free(p->saved);
	p->saved = NULL;
	return -1;
}

/* Contract: frees the copies at_harness_save made (none is fine). */
static inline void at_harness_release(at_harness_prog *p)
{
	for (int i = 0; p->saved && i < p->n_buf; i++)
		free(p->saved[i]);
	free(p->saved);
	p->saved = NULL;
}

/* Contract: puts every array back into the state init() leaves: copies
 * the saved written arrays back (the others are never written), or calls
 * p->init() when nothing was saved. */
static inline void at_harness_restore(const at_harness_prog *p)
{
	if (!p->saved) {
		p->init();
		return;
	}
	for (int i = 0; i < p->n_buf; i++)
		memcpy(p->bufs[i].p, p->saved[i], p->bufs[i].n);
}

#if AT_HARNESS_HAVE_TIMEOUT
/* The line the timeout handler writes, prepared before the timer is
 * armed (a signal handler may not format it), and its length. */
static char at_harness_tmo_line[96];
static volatile sig_atomic_t at_harness_tmo_len;

/* Contract: SIGALRM handler: writes the prepared "variant V timeout
 * limit: L" line on stdout and ends the process with status 3
 * (async-signal-safe calls only). */
static void at_harness_on_alarm(int sig)
{
	ssize_t w;

	(void)sig;
	w = write(1, at_harness_tmo_line, (size_t)at_harness_tmo_len);
	(void)w;
	_exit(3);
}
#endif

/* Contract: arms (seconds > 0) or disarms (seconds <= 0) the timeout of
 * one run of variant v; when it fires, the line "variant V timeout limit:
 * SECONDS" is printed and the process exits with status 3.  Where POSIX
 * timers are missing it does nothing. */
static inline void at_harness_alarm(int v, double seconds)
{
#if AT_HARNESS_HAVE_TIMEOUT
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	if (seconds > 0) {
		at_harness_tmo_len = snprintf(at_harness_tmo_line,
			sizeof(at_harness_tmo_line), "variant %d timeout "
			"limit: %.6f\n", v, seconds);
		signal(SIGALRM, at_harness_on_alarm);
		it.it_value.tv_sec = (time_t)seconds;
		it.it_value.tv_usec = (suseconds_t)((seconds -
			(double)it.it_value.tv_sec) * 1e6);
		if (!it.it_value.tv_sec && !it.it_value.tv_usec)
			it.it_value.tv_usec = 1;
	}
	setitimer(ITIMER_REAL, &it, NULL);
#else
	(void)v;
	(void)seconds;
#endif
}

/* Contract: returns the time limit (seconds, 0: none) of one run of
 * variant v under o: --timeout, or --ref-timeout times the reference time
 * (at least 1 s) when that is smaller (never for variant 0, nor before
 * the reference time is known). */
static inline double at_harness_limit(const at_harness_opts *o, int v)
{
	double t = o->timeout, r = o->ref_timeout * o->ref_time;

	if (r < 1.0)
		r = 1.0;
	if (v != 0 && o->ref_timeout > 0 && o->ref_time > 0 &&
	    (t <= 0 || r < t))
		t = r;
	return t;
}

/* Contract: restores the data, runs kernel v of p once under the time
 * limit `limit` (seconds, 0: none; see at_harness_alarm: the timer runs
 * during the kernel call only) and returns the wall time of the kernel
 * alone (seconds). */
static inline double at_harness_run(const at_harness_prog *p, int v,
	double limit)
{
	double t0, t1;

	at_harness_restore(p);
	if (limit > 0)
		at_harness_alarm(v, limit);
	t0 = at_bench_now();
	p->kernels[v]();
	t1 = at_bench_now();
	if (limit > 0)
		at_harness_alarm(v, 0);
	return t1 - t0;
}

/* Contract: returns 1 when time t breaks o's reference limit (more than
 * ref_limit times ref_time, both set, and at least cut_min), else 0. */
static inline int at_harness_over(const at_harness_opts *o, double t)
{
	return o->ref_limit > 0 && o->ref_time > 0 &&
		t > o->ref_limit * o->ref_time && t >= o->cut_min;
}

/* Contract: times variant v of p as o says into *r: o->warmup untimed
 * runs, then up to o->runs timed runs (at least one), stopping early at
 * the reference limit or the budget (see the file comment); a warm-up
 * over the limit ends it with r->runs = 0 and its own time.  Every run is
 * under the time limit at_harness_limit(o, v).  Hashes the outputs after
 * the last run. */
static inline void at_harness_time(const at_harness_prog *p, int v,
	const at_harness_opts *o, at_harness_result *r)
{
	double start = at_bench_now(), limit = at_harness_limit(o, v), t;
	double max = 0;
	int cut = 0;

	memset(r, 0, sizeof(*r));
	for (int w = 0; w < o->warmup && !cut; w++) {
		t = at_harness_run(p, v, limit);
		if (at_harness_over(o, t)) {
			r->time = t;
			cut = 1;
		}
	}
	for (int k = 0; k < (o->runs < 1 ? 1 : o->runs) && !cut; k++) {
		t = at_harness_run(p, v, limit);
		if (r->runs == 0 || t < r->time)
			r->time = t;
		if (t > max)
			max = t;
		r->runs++;
		cut = at_harness_over(o, t) || (o->budget > 0 &&
			at_bench_now() - start >= o->budget);
	}
	r->spread = r->runs > 1 && r->time > 0 ? (max - r->time) / r->time :
		0.0;
	r->hash = p->hash();
}

/* Contract: prints the result line of variant v (short, or with runs and
 * spread when o->stats) on f and flushes f, so that the lines of earlier
 * variants survive a later crash or timeout. */
static inline void at_harness_print(FILE *f, int v, const at_harness_opts *o,
	const at_harness_result *r)
{
	fprintf(f, "variant %d time: %.6f hash: %016llx", v, r->time,
		(unsigned long long)r->hash);
	if (o->stats)
		fprintf(f, " runs: %d spread: %.4f", r->runs, r->spread);
	fputc('\n', f);
	fflush(f);
}

/* Contract: prints the usage of a variants program with n variants on
 * stderr and returns 2 (the usage-error exit status). */
static inline int at_harness_usage(const char *argv0, int n)
{
	fprintf(stderr, "usage: %s [--runs R] [--warmup W] [--ref-limit X] "
		"[--ref-time T] [--cut-min S] [--budget S] [--timeout S] "
		"[--ref-timeout X] [VARIANT 0..%d ...]\n", argv0, n - 1);
	return 2;
}

/* Contract: parses the number s as a double >= 0 (int_only: an integer
 * >= 0 below 1e9) into *out; returns 0, or -1 when s is not one. */
static inline int at_harness_num(const char *s, int int_only, double *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !(v >= 0) || v > 1e9 ||
	    (int_only && v != (double)(long)v))
		return -1;
	*out = v;
	return 0;
}

/* Contract: handles option argv[*i] (its value in argv[*i + 1]) into *o;
 * returns 0, or -1 for an unknown option, a missing or bad value. */
static inline int at_harness_option(int argc, char **argv, int *i,
	at_harness_opts *o)
{
	static const char *const name[] = { "--runs", "--warmup",
		"--ref-limit", "--ref-time", "--budget", "--timeout",
		"--ref-timeout", "--cut-min" };
	double *dst[] = { NULL, NULL, &o->ref_limit, &o->ref_time,
		&o->budget, &o->timeout, &o->ref_timeout, &o->cut_min };
	const int n_name = (int)(sizeof(name) / sizeof(name[0]));
	double v;
	int k;

	for (k = 0; k < n_name && strcmp(argv[*i], name[k]); k++)
		;
	if (k == n_name || *i + 1 >= argc ||
	    at_harness_num(argv[*i + 1], k < 2, &v) < 0)
		return -1;
	++*i;
	o->stats = 1;
	if (k == 0)
		o->runs = v < 1 ? 1 : (int)v;
	else if (k == 1)
		o->warmup = (int)v;
	else
		*dst[k] = v;
	return 0;
}

/* Contract: parses the command line of a program with n variants into *o
 * (defaults first) and the variants to run into list[] (room for argc
 * entries; all of 0..n-1 when none is named) with their count in
 * *n_list.  Returns 0, or 2 after printing the usage on stderr. */
static inline int at_harness_parse(int argc, char **argv, int n,
	at_harness_opts *o, int *list, int *n_list)
{
	*n_list = 0;
	at_harness_defaults(o);
	for (int i = 1; i < argc; i++) {
		char *end;
		long v;

		if (argv[i][0] == '-' && argv[i][1] == '-') {
			if (at_harness_option(argc, argv, &i, o) < 0)
				return at_harness_usage(argv[0], n);
			continue;
		}
		v = strtol(argv[i], &end, 10);
		if (end == argv[i] || *end || v < 0 || v >= n)
			return at_harness_usage(argv[0], n);
		list[(*n_list)++] = (int)v;
	}
	if (*n_list == 0) {
		for (int v = 0; v < n; v++)
			list[v] = v;
		*n_list = n;
	}
	return 0;
}

/* Contract: the whole main of a variants program: parses argc/argv (see
 * the file comment), times each variant asked for on fresh data and
 * prints its line; variant 0, when run before the others and no
 * --ref-time was given, becomes the reference of --ref-limit.  Returns
 * the exit status: 0, 1 when memory is short for the variant list, 2 on
 * a usage error (a timeout exits with 3 from its handler).  Short of
 * memory for the copies of the outputs, it calls init() before each run. */
static inline int at_harness_main(at_harness_prog *p, int argc, char **argv)
{
	at_harness_opts o;
	at_harness_result r;
	int *list = (int *)malloc((size_t)(argc + p->n) * sizeof(int));
	int n_list, rc;

	if (!list)
		return 1;
	rc = at_harness_parse(argc, argv, p->n, &o, list, &n_list);
	if (rc)
		goto done;
	/* short of memory for the copies: init() before each run instead */
	(void)at_harness_save(p);
	for (int k = 0; k < n_list; k++) {
		at_harness_time(p, list[k], &o, &r);
		at_harness_print(stdout, list[k], &o, &r);
		if (list[k] == 0 && o.ref_time <= 0)
			o.ref_time = r.time;
	}
	rc = 0;
done:
	at_harness_release(p);
	free(list);
	return rc;
}

#endif
