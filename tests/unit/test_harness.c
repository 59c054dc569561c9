/*
 * test_harness.c — unit tests of runtime/at_harness.h, the measurement
 * harness of the variants programs: data restored before every run, the
 * number of warm-up and timed runs, the early stops (reference limit,
 * budget), min and spread, the hash after the last run, the command line,
 * the output lines and the timeout of each run (with the limit printed).
 *
 * The kernels are fakes that spin on the clock for a chosen time, so the
 * expected run counts follow from the options alone.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "at_test.h"
#include "../../runtime/at_harness.h"

/* The fake program's data: `out` is written by the kernels, `seen` keeps
 * what out[0] held when each run started, `calls` counts kernel runs, and
 * `ms` is how long each run spins (per call, cycling). */
static double out[64];
static double seen[64];
static int calls, inits;
static double ms[8];
static int n_ms = 1;

/* Fills `out` with its initial values and counts the call. */
static void init(void)
{
	inits++;
	for (int i = 0; i < 64; i++)
		out[i] = (double)i;
}

/* Spins for ms[calls % n_ms] milliseconds on the monotonic clock. */
static void spin(void)
{
	double end = at_bench_now() + 1e-3 * ms[calls % n_ms];

	while (at_bench_now() < end)
		;
}

/* Variant 0: records out[0], spins, then scales `out` in place. */
static void kernel_a(void)
{
	seen[calls < 64 ? calls : 63] = out[0];
	spin();
	calls++;
	for (int i = 0; i < 64; i++)
		out[i] = 2.0 * out[i] + 1.0;
}

/* Variant 1: the same result as kernel_a, computed the same way. */
static void kernel_b(void)
{
	kernel_a();
}

/* Variant 2: a different result (out[i] + 3). */
static void kernel_c(void)
{
	seen[calls < 64 ? calls : 63] = out[0];
	spin();
	calls++;
	for (int i = 0; i < 64; i++)
		out[i] += 3.0;
}

/* Variant 3: sleeps far longer than any timeout used here. */
static void kernel_slow(void)
{
	sleep(5);
}

/* Returns the hash of `out` and of the number of runs so far, so that a
 * hash taken after a different run count differs. */
static uint64_t hash(void)
{
	uint64_t h = at_bench_hash(at_bench_hash_init(), out, sizeof out);

	return at_bench_hash(h, &calls, sizeof calls);
}

static void (*const kernels[])(void) = { kernel_a, kernel_b, kernel_c,
	kernel_slow };
static const at_harness_buf bufs[] = { { out, sizeof out } };

/* Returns a fresh fake program (4 variants) with runs spinning for the
 * given times (cycling), counters reset. */
static at_harness_prog prog(double t0, double t1, double t2)
{
	at_harness_prog p = { 4, kernels, init, hash, bufs, 1, NULL };

	ms[0] = t0;
	ms[1] = t1;
	ms[2] = t2;
	n_ms = t1 > 0 ? (t2 > 0 ? 3 : 2) : 1;
	calls = inits = 0;
	memset(seen, 0, sizeof(seen));
	return p;
}

/* Every run starts from the data init() leaves (restored copies, one
 * init() only), and a single default run equals one plain run. */
static void test_restore(void)
{
	at_harness_prog p = prog(0, 0, 0);
	at_harness_opts o;
	at_harness_result r;
	int same = 1;

	at_harness_defaults(&o);
	o.runs = 5;
	o.warmup = 2;
	AT_CHECK(at_harness_save(&p) == 0 && p.saved, "copies of the outputs "
		"are saved");
	at_harness_time(&p, 0, &o, &r);
	for (int i = 0; i < 7; i++)
		same &= seen[i] == 0.0;
	AT_CHECK_INT(calls, 7, "2 warm-up + 5 timed runs call the kernel");
	AT_CHECK_INT(r.runs, 5, "runs counts the timed runs");
	AT_CHECK(same, "each of the 7 runs starts from init()'s data");
	AT_CHECK_INT(inits, 1, "init() runs once");
	AT_CHECK(out[5] == 11.0, "the outputs are those of one run (%g)",
		out[5]);
	at_harness_release(&p);
	AT_CHECK(p.saved == NULL, "release frees the copies");
}

/* Without saved copies (memory short), init() runs before every run. */
static void test_no_copy(void)
{
	at_harness_prog p = prog(0, 0, 0);
	at_harness_opts o;
	at_harness_result r;

	at_harness_defaults(&o);
	o.runs = 3;
	p.init();
	inits = 0;
	at_harness_time(&p, 0, &o, &r);
	AT_CHECK_INT(inits, 3, "no copies: init() before each of 3 runs");
	AT_CHECK(seen[0] == 0.0 && seen[1] == 0.0 && seen[2] == 0.0,
		"no copies: every run still starts from fresh data");
}

/* The time is the minimum over the timed runs, the spread (max-min)/min,
 * and the hash is taken after the last run.  The runs spin for 240, 5
 * and 120 ms; on a busy machine a run can only take longer than asked, so
 * the checks are bounds that preemption cannot break short of 115 ms (a
 * starved test at nice 19 beside a collection at nice 0 broke the 25 ms
 * of 60, 5 and 30 ms runs). */
static void test_min_spread(void)
{
	at_harness_prog p = prog(240, 5, 120);
	at_harness_opts o;
	at_harness_result r;

	at_harness_defaults(&o);
	o.runs = 3;
	at_harness_save(&p);
	at_harness_time(&p, 1, &o, &r);
	AT_CHECK(r.time >= 0.005 && r.time < 0.120, "time is the min "
		"(5 ms) of 240, 5, 120 ms runs, not the mean: %.4f", r.time);
	AT_CHECK(r.spread >= (0.240 - r.time) / r.time * 0.999, "spread "
		"(max-min)/min >= (240 ms - min)/min: %.3f", r.spread);
	AT_CHECK(r.hash == hash(), "the hash is of the outputs after the last "
		"run");
	AT_CHECK_INT(r.runs, 3, "3 timed runs");
	at_harness_release(&p);
}

/* Times variant 2 of p as o says and checks that it called the kernel
 * `calls` times, `runs` of them timed; `what` names the case. */
static void check_calls(at_harness_prog *p, const at_harness_opts *o,
	int want_calls, int want_runs, const char *what)
{
	at_harness_result r;

	calls = 0;
	at_harness_time(p, 2, o, &r);
	AT_CHECK(calls == want_calls && r.runs == want_runs, "%s (calls %d, "
		"runs %d)", what, calls, r.runs);
}

/* --ref-limit: a variant over the limit gets no further run; cut in the
 * warm-up it reports that run with runs = 0; runs shorter than --cut-min
 * are never cut. */
static void test_ref_limit(void)
{
	at_harness_prog p = prog(10, 0, 0);
	at_harness_opts o;
	at_harness_result r;

	at_harness_defaults(&o);
	o.runs = 4;
	o.warmup = 1;
	o.ref_time = 0.001;
	o.ref_limit = 5;
	at_harness_save(&p);
	at_harness_time(&p, 2, &o, &r);
	AT_CHECK_INT(calls, 1, "10 ms against 5 x 1 ms: only the warm-up");
	AT_CHECK_INT(r.runs, 0, "cut in the warm-up: runs 0");
	AT_CHECK(r.time >= 0.0095, "cut in the warm-up: its time (%.4f)",
		r.time);
	o.warmup = 0;
	check_calls(&p, &o, 1, 1, "no warm-up: one timed run, then cut");
	o.ref_time = 0.100;
	check_calls(&p, &o, 4, 4, "within the limit: all 4 runs");
	o.ref_time = 0.001;
	o.warmup = 1;
	o.cut_min = 1.0;	/* far above 10 ms: a busy machine slows a run
				 * past 50 ms (make test beside builds did) */
	check_calls(&p, &o, 5, 4, "10 ms runs under --cut-min 1 s: never "
		"cut");
	o.cut_min = 0.005;
	check_calls(&p, &o, 1, 0, "10 ms runs over --cut-min 5 ms: cut in the "
		"warm-up");
	at_harness_release(&p);
}

/* --budget: no timed run starts once the budget is spent, but there is
 * always one. */
static void test_budget(void)
{
	at_harness_prog p = prog(20, 0, 0);
	at_harness_opts o;
	at_harness_result r;

	at_harness_defaults(&o);
	o.runs = 10;
	o.budget = 0.050;
	at_harness_save(&p);
	at_harness_time(&p, 0, &o, &r);
	AT_CHECK(r.runs >= 1 && r.runs <= 3, "20 ms runs, 50 ms budget: at "
		"most 3 runs of 10 (got %d)", r.runs);
	calls = 0;
	o.budget = 0.001;
	o.warmup = 1;
	at_harness_time(&p, 0, &o, &r);
	AT_CHECK(r.runs == 1 && calls == 2, "budget spent in the warm-up: "
		"still one timed run (runs %d, calls %d)", r.runs, calls);
	at_harness_release(&p);
}

/* The timeout of each run: --timeout, or --ref-timeout x the reference
 * when smaller, never for the reference itself. */
static void test_limit(void)
{
	at_harness_opts o;

	at_harness_defaults(&o);
	AT_CHECK(at_harness_limit(&o, 1) == 0, "no timeout by default");
	o.ref_timeout = 10;
	AT_CHECK(at_harness_limit(&o, 1) == 0, "--ref-timeout before the "
		"reference is known: none");
	o.ref_time = 0.2;
	AT_CHECK(at_harness_limit(&o, 1) == 2.0, "--ref-timeout 10, reference "
		"0.2 s: 2 s");
	o.ref_time = 0.01;
	AT_CHECK(at_harness_limit(&o, 1) == 1.0, "--ref-timeout 10, reference "
		"0.01 s: at least 1 s");
	o.ref_time = 0.2;
	AT_CHECK(at_harness_limit(&o, 0) == 0, "never for variant 0");
	o.timeout = 0.5;
	AT_CHECK(at_harness_limit(&o, 2) == 0.5 && at_harness_limit(&o, 0) ==
		0.5, "--timeout 0.5 is smaller: 0.5 s, for variant 0 too");
	o.timeout = 3;
	AT_CHECK(at_harness_limit(&o, 2) == 2.0, "--timeout 3: the 2 s of "
		"--ref-timeout");
}

/* The command line: variant lists, options, usage errors. */
static void test_parse(void)
{
	char a0[] = "prog", a1[] = "--runs", a2[] = "3", a3[] = "2",
		a4[] = "0", a5[] = "--ref-limit", a6[] = "4.5", bad[] = "4",
		neg[] = "-1", eq[] = "--runs=3", frac[] = "2.5",
		a7[] = "--cut-min", a8[] = "0.1";
	char *v1[] = { a0, a1, a2, a3, a4, a5, a6, a7, a8, NULL };
	char *v2[] = { a0, NULL };
	char *v3[] = { a0, bad, NULL };
	char *v4[] = { a0, a1, NULL };
	char *v5[] = { a0, neg, NULL };
	char *v6[] = { a0, eq, NULL };
	char *v7[] = { a0, a1, frac, NULL };
	char *v8[] = { a0, a7, neg, NULL };
	at_harness_opts o;
	int list[16], n = -1;

	AT_CHECK(at_harness_parse(9, v1, 4, &o, list, &n) == 0 && n == 2 &&
		list[0] == 2 && list[1] == 0 && o.runs == 3 &&
		o.ref_limit == 4.5 && o.cut_min == 0.1 && o.stats &&
		o.warmup == 0, "--runs 3 2 0 --ref-limit 4.5 --cut-min 0.1: "
		"variants 2, 0; options set");
	AT_CHECK(at_harness_parse(1, v2, 4, &o, list, &n) == 0 && n == 4 &&
		list[3] == 3 && !o.stats && o.runs == 1,
		"no argument: all 4 variants, one run, short lines");
	fprintf(stderr, "(usage messages expected below)\n");
	AT_CHECK_INT(at_harness_parse(2, v3, 4, &o, list, &n), 2,
		"variant 4 of 4 is a usage error");
	AT_CHECK_INT(at_harness_parse(2, v4, 4, &o, list, &n), 2,
		"--runs without a value is a usage error");
	AT_CHECK_INT(at_harness_parse(2, v5, 4, &o, list, &n), 2,
		"a negative variant is a usage error");
	AT_CHECK_INT(at_harness_parse(2, v6, 4, &o, list, &n), 2,
		"--runs=3 is a usage error (the value is a separate argument)");
	AT_CHECK_INT(at_harness_parse(3, v7, 4, &o, list, &n), 2,
		"--runs 2.5 is a usage error");
	AT_CHECK_INT(at_harness_parse(3, v8, 4, &o, list, &n), 2,
		"--cut-min -1 is a usage error");
}

/* Runs at_harness_main(argv) in a child process with stdout in file
 * `path`, every run of variants 0-2 spinning `ms0` milliseconds; returns
 * its wait status, or -1. */
static int run_main(char **argv, int argc, const char *path, double ms0)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		at_harness_prog p = prog(ms0, 0, 0);
		if (!freopen(path, "w", stdout))
			_exit(99);
		_exit(at_harness_main(&p, argc, argv));
	}
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

/* Returns the contents of `path` (static buffer, truncated); flat() gives
 * a one-line copy for messages. */
static const char *slurp(const char *path)
{
	static char buf[1024];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	buf[n] = 0;
	if (f)
		fclose(f);
	return buf;
}

/* Returns a copy of s (static buffer) with newlines shown as " | ". */
static const char *flat(const char *s)
{
	static char buf[1200];
	size_t n = 0;

	for (; *s && n + 4 < sizeof(buf); s++) {
		if (*s == '\n') {
			memcpy(buf + n, " | ", 3);
			n += 3;
		} else {
			buf[n++] = *s;
		}
	}
	buf[n] = 0;
	return buf;
}

/* The output lines of at_harness_main, and --timeout: the line "variant
 * V timeout limit: L" after the lines of the variants done, exit status
 * 3. */
static void test_main(void)
{
	char path[] = "/tmp/at_test_harness_XXXXXX";
	char a0[] = "prog", a1[] = "--timeout", a2[] = "0.2", v0[] = "0",
		v1[] = "1", v2[] = "2", v3[] = "3", r[] = "--runs", r2[] = "2";
	char *plain[] = { a0, v0, v2, NULL };
	char *tmo[] = { a0, a1, a2, v0, v3, v1, NULL };
	char *stats[] = { a0, r, r2, v1, NULL };
	char rt[] = "--ref-timeout", rt50[] = "50";
	char *rtmo[] = { a0, rt, rt50, v0, v3, v1, NULL };
	unsigned long long h0, h2;
	int fd = mkstemp(path), st, n;
	double t;
	const char *s;

	AT_CHECK(fd >= 0, "temporary file");
	if (fd < 0)
		return;
	close(fd);
	st = run_main(plain, 3, path, 1);
	s = slurp(path);
	AT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "prog 0 2 exits 0");
	n = sscanf(s, "variant 0 time: %lf hash: %16llx\nvariant 2 time: %lf "
		"hash: %16llx\n", &t, &h0, &t, &h2);
	AT_CHECK(n == 4 && h0 != h2 && !strstr(s, "runs:"),
		"prog 0 2: two short lines, different hashes (%d fields): %s",
		n, flat(s));
	st = run_main(stats, 4, path, 1);
	s = slurp(path);
	AT_CHECK(strstr(s, "variant 1 time: ") && strstr(s, " runs: 2 "
		"spread: ") && strstr(s, "hash: "), "--runs 2 1: the line has "
		"runs and spread: %s", flat(s));
	st = run_main(tmo, 6, path, 1);
	s = slurp(path);
	AT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3, "--timeout 0.2 on "
		"a 5 s variant: exit status 3 (status %d)", st);
	AT_CHECK(!strncmp(s, "variant 0 time: ", 16) && strstr(s,
		"\nvariant 3 timeout limit: 0.200000\n") &&
		!strstr(s, "variant 1"), "--timeout: variant 0's line, then "
		"'variant 3 timeout limit: 0.200000', nothing after: %s",
		flat(s));
	st = run_main(rtmo, 6, path, 1);
	s = slurp(path);
	AT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3 && strstr(s,
		"\nvariant 3 timeout limit: 1.000000\n"), "--ref-timeout 50 "
		"with a 1 ms reference stops the 5 s variant 3 after 1 s (the "
		"limit printed): %s", flat(s));
	unlink(path);
}

/* The timeout bounds each run, not the sum of a variant's runs: 8 runs
 * of 50 ms under --timeout 0.3 (400 ms in all) are all made. */
static void test_limit_per_run(void)
{
	char path[] = "/tmp/at_test_harness_XXXXXX";
	char a0[] = "prog", a1[] = "--timeout", a2[] = "0.3", w[] = "--warmup",
		w1[] = "1", r[] = "--runs", r7[] = "7", v1[] = "1";
	char *argv[] = { a0, a1, a2, w, w1, r, r7, v1, NULL };
	int fd = mkstemp(path), st, runs = 0;
	double t = 0;
	const char *s;

	AT_CHECK(fd >= 0, "temporary file");
	if (fd < 0)
		return;
	close(fd);
	st = run_main(argv, 8, path, 50);
	s = slurp(path);
	AT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && sscanf(s,
		"variant 1 time: %lf hash: %*x runs: %d", &t, &runs) == 2 &&
		runs == 7 && t >= 0.05, "--timeout 0.3, 1 warm-up + 7 runs of "
		"50 ms: all made, no timeout (status %d): %s", st, flat(s));
	unlink(path);
}

int main(void)
{
	test_restore();
	test_no_copy();
	test_min_spread();
	test_ref_limit();
	test_budget();
	test_limit();
	test_parse();
	test_main();
	test_limit_per_run();
	AT_TEST_END();
}
