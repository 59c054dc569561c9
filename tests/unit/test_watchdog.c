/*
 * test_watchdog.c — unit tests of the wall-clock limit on isl
 * computations (src/watchdog.c): no limit for 0 seconds, a watchdog
 * stopped in time does not fire, one that fires stops a long isl
 * computation promptly, and the context works again afterwards.
 */
#include <time.h>

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>

#include "at_test.h"
#include "at_watchdog.h"

/* Returns the monotonic clock in seconds. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One unit of isl work that counts operations: the integer hull of a
 * set with many constraints.  Returns 0, or -1 when isl failed. */
static int work(isl_ctx *ctx)
{
	isl_set *s = isl_set_read_from_str(ctx, "[N] -> { [i, j, k] : "
		"0 <= i, j, k <= N and 3i + 5j - 7k <= 11 and 2i - 3j + k >= "
		"-5 and i + j + k <= 2N - 3 and 7i - 2j + 3k >= 4 }");
	isl_basic_set *h;

	s = isl_set_coalesce(isl_set_lexmin(s));
	h = isl_set_simple_hull(s);
	if (!h)
		return -1;
	isl_basic_set_free(h);
	return 0;
}

/* Runs work() until it fails or `limit` seconds have passed; returns the
 * seconds spent, and sets *failed. */
static double work_until(isl_ctx *ctx, double limit, int *failed)
{
	double t0 = now();

	*failed = 0;
	while (now() - t0 < limit)
		if (work(ctx) < 0) {
			*failed = 1;
			break;
		}
	return now() - t0;
}

int main(void)
{
	isl_ctx *ctx = isl_ctx_alloc();
	at_watchdog *w;
	double t;
	int failed;

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	AT_CHECK(at_watchdog_start(ctx, 0) == NULL &&
		at_watchdog_start(ctx, -1) == NULL &&
		at_watchdog_stop(NULL) == 0,
		"watchdog: 0 or fewer seconds is no limit");

	w = at_watchdog_start(ctx, 30);
	t = work_until(ctx, 0.2, &failed);
	AT_CHECK(w && !failed && at_watchdog_stop(w) == 0,
		"watchdog: 0.2 s of isl work under a 30 s limit runs to the "
		"end and the watchdog does not fire (failed %d)", failed);

	w = at_watchdog_start(ctx, 0.1);
	t = work_until(ctx, 20, &failed);
	AT_CHECK(w && failed && isl_ctx_aborted(ctx),
		"watchdog: a 0.1 s limit aborts endless isl work (stopped: "
		"%d, after %.3f s)", failed, t);
	AT_CHECK(t < 5, "watchdog: the abort comes promptly (%.3f s)", t);
	AT_CHECK(at_watchdog_stop(w) == 1, "watchdog: stop reports it fired");
	AT_CHECK(isl_ctx_last_error(ctx) == isl_error_none &&
		!isl_ctx_aborted(ctx) && work(ctx) == 0,
		"watchdog: after stop the context computes again");
	isl_ctx_free(ctx);
	AT_TEST_END();
}
