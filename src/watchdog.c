/*
 * watchdog.c — a thread that aborts an isl context after a limit on the
 * CPU time of the thread computing (see at_watchdog.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "at_watchdog.h"

struct at_watchdog {
	isl_ctx *ctx;
	clockid_t clock;		/* the starting thread's CPU time, or
					 * CLOCK_MONOTONIC when unavailable */
	double start, seconds;		/* on `clock` */
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* signalled by at_watchdog_stop */
	int stopping;			/* under lock */
	int fired;			/* under lock */
	pthread_t thread;
};

/* Returns the time on `clock` in seconds (0 when it cannot be read). */
static double at_watchdog_now(clockid_t clock)
{
	struct timespec t;

	if (clock_gettime(clock, &t) != 0)
		return 0;
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Sets *t to `seconds` from now on the monotonic clock. */
static void at_watchdog_deadline(struct timespec *t, double seconds)
{
	time_t whole = (time_t)seconds;

	clock_gettime(CLOCK_MONOTONIC, t);
	t->tv_sec += whole;
	t->tv_nsec += (long)((seconds - (double)whole) * 1e9);
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

/* The watchdog thread: until stopped, sleeps for what is left of the
 * limit (one thread's CPU time cannot run ahead of the monotonic clock)
 * and reads the clock again; aborts the context when the limit is
 * spent.  On CPU time, how long isl may take does not depend on what
 * else the machine runs. */
static void *at_watchdog_run(void *arg)
{
	at_watchdog *w = arg;
	struct timespec deadline;

	pthread_mutex_lock(&w->lock);
	while (!w->stopping) {
		double left = w->seconds - (at_watchdog_now(w->clock) - w->start);

		if (left <= 0) {
			w->fired = 1;
			isl_ctx_abort(w->ctx);
			break;
		}
		at_watchdog_deadline(&deadline, left + 0.001);
		pthread_cond_timedwait(&w->cond, &w->lock, &deadline);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* Initialises w's condition variable on the monotonic clock; returns 0
 * or -1. */
static int at_watchdog_cond_init(at_watchdog *w)
{
	pthread_condattr_t attr;
	int r;

	if (pthread_condattr_init(&attr) != 0)
		return -1;
	r = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) ||
		pthread_cond_init(&w->cond, &attr);
	pthread_condattr_destroy(&attr);
	return r ? -1 : 0;
}

/* Starts a watchdog (see at_watchdog.h). */
at_watchdog *at_watchdog_start(isl_ctx *ctx, double seconds)
{
	at_watchdog *w;
	int have_lock = 0, have_cond = 0;

	if (!(seconds > 0) || seconds > 1e6)
		return NULL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->ctx = ctx;
	if (pthread_getcpuclockid(pthread_self(), &w->clock) != 0)
		w->clock = CLOCK_MONOTONIC;
	w->start = at_watchdog_now(w->clock);
	w->seconds = seconds;
	have_lock = pthread_mutex_init(&w->lock, NULL) == 0;
	have_cond = have_lock && at_watchdog_cond_init(w) == 0;
	if (!have_cond ||
	    pthread_create(&w->thread, NULL, at_watchdog_run, w) != 0)
		goto error;
	return w;
error:
	if (have_cond)
		pthread_cond_destroy(&w->cond);
	if (have_lock)
		pthread_mutex_destroy(&w->lock);
	free(w);
	return NULL;
}

/* Stops a watchdog (see at_watchdog.h). */
int at_watchdog_stop(at_watchdog *w)
{
	int fired;

	if (!w)
		return 0;
	pthread_mutex_lock(&w->lock);
	w->stopping = 1;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	fired = w->fired;
	if (fired) {
		isl_ctx_resume(w->ctx);
		isl_ctx_reset_error(w->ctx);
	}
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	free(w);
	return fired;
}
