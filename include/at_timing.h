/*
 * at_timing.h — wall-clock time per pipeline stage, for --time-report
 * (as gcc's -ftime-report): where a run of autotile spends its time.
 *
 * Timing is off until at_timing_enable(); then every at_timing_stop()
 * adds the time since its at_timing_start() to the stage's total.
 * Stages do not overlap, except that `model` is the part of `ranking`
 * spent scoring; the report lists each stage's total and the run's.
 */
#ifndef AT_TIMING_H
#define AT_TIMING_H

#include <stdio.h>

typedef enum at_timing_stage {
	AT_T_WEIGHTS,	/* loading OpenBLAS and the cost model's weights */
	AT_T_PARSE,	/* libclang parse and nest extraction */
	AT_T_DEPS,	/* exact dependences */
	AT_T_SPACE,	/* candidate structures and their legality */
	AT_T_RANK,	/* ranking: feature rows and their scoring */
	AT_T_MODEL,	/* the scoring part of ranking (sgemm) */
	AT_T_LEGAL,	/* exact legality of the picked candidates */
	AT_T_CODEGEN,	/* isl AST generation and printing */
	AT_T_AUTOTUNE,	/* --autotune: building and timing the programs */
	AT_T_REWRITE,	/* splicing the nests into the file */
	AT_T_N
} at_timing_stage;

/* Turns timing on for the rest of the run. */
void at_timing_enable(void);

/* Returns 1 when timing is on. */
int at_timing_enabled(void);

/* Returns the current time in seconds (0 when timing is off). */
double at_timing_start(void);

/* Adds the time since `start` (from at_timing_start) to `stage`. */
void at_timing_stop(at_timing_stage stage, double start);

/* Adds n to the items `stage` handled (the candidates the model scored),
 * reported with their rate. */
void at_timing_count(at_timing_stage stage, long n);

/* Prints one line per stage that ran (with its items and their rate per
 * second when counted), and the total since at_timing_enable(), on f;
 * nothing when timing is off. */
void at_timing_report(FILE *f);

#endif
