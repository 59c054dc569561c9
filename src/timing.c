/*
 * timing.c — wall-clock totals per pipeline stage (see at_timing.h).
 */
#include <time.h>

#include "at_timing.h"

static int at_timing_on;
static double at_timing_t0;
static double at_timing_total[AT_T_N];
static long at_timing_calls[AT_T_N];
static long at_timing_items[AT_T_N];

static const char *const at_timing_names[AT_T_N] = {
	"weights", "parse", "dependences", "space", "ranking",
	"  of which model",
	"legality", "codegen", "autotune", "rewrite"
};

/* What at_timing_count counts, per stage. */
static const char *const at_timing_nouns[AT_T_N] = {
	[AT_T_MODEL] = "candidates"
};

/* Returns the monotonic clock in seconds. */
static double at_timing_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Turns timing on (see at_timing.h). */
void at_timing_enable(void)
{
	at_timing_on = 1;
	at_timing_t0 = at_timing_now();
}

/* Whether timing is on (see at_timing.h). */
int at_timing_enabled(void)
{
	return at_timing_on;
}

/* Returns the time a stage starts at (see at_timing.h). */
double at_timing_start(void)
{
	return at_timing_on ? at_timing_now() : 0;
}

/* Adds a stage's time (see at_timing.h). */
void at_timing_stop(at_timing_stage stage, double start)
{
	if (!at_timing_on || stage < 0 || stage >= AT_T_N)
		return;
	at_timing_total[stage] += at_timing_now() - start;
	at_timing_calls[stage]++;
}

/* Counts a stage's items (see at_timing.h). */
void at_timing_count(at_timing_stage stage, long n)
{
	if (at_timing_on && stage >= 0 && stage < AT_T_N)
		at_timing_items[stage] += n;
}

/* Prints the report (see at_timing.h). */
void at_timing_report(FILE *f)
{
	double all;

	if (!at_timing_on)
		return;
	all = at_timing_now() - at_timing_t0;
	fprintf(f, "autotile: time report (wall clock, seconds)\n");
	for (int s = 0; s < AT_T_N; s++) {
		if (!at_timing_calls[s])
			continue;
		fprintf(f, "  %-12s %8.3f  %5.1f%%  (%ld calls", at_timing_names[s],
			at_timing_total[s], all > 0 ? 100 * at_timing_total[s] /
			all : 0, at_timing_calls[s]);
		if (at_timing_items[s] && at_timing_total[s] > 0)
			fprintf(f, "; %ld %s, %.0f a second", at_timing_items[s],
				at_timing_nouns[s] ? at_timing_nouns[s] : "items",
				at_timing_items[s] / at_timing_total[s]);
		fprintf(f, ")\n");
	}
	fprintf(f, "  %-12s %8.3f\n", "total", all);
}
