/*
 * at_plan.h — what each marked nest becomes: the pipeline
 * deps -> space -> (features -> model) -> codegen run on one nest, giving
 * a short ranked list of *options* (generated texts), the first being the
 * strategy's choice.  With --autotune the CLI measures the options; without
 * it, option 0 is used.
 *
 * An option's text is NULL for `keep` (the nest left exactly as written).
 */
#ifndef AT_PLAN_H
#define AT_PLAN_H

#include <isl/ctx.h>
#include <cjson/cJSON.h>

#include "at_scop.h"
#include "at_space.h"
#include "at_model.h"

#define AT_PLAN_MAX 24		/* options kept per nest */

/* How the options are chosen (shared by every nest of a file). */
typedef struct at_plan_opts {
	at_opts opts;		/* command-line defaults for the clauses */
	const char *iter_prefix;	/* loop names of generated code */
	int n_option;		/* options wanted (1 without --autotune) */
	cJSON *report;		/* --report being built, or NULL */
	const at_model *model;	/* --strategy model: the cost model */
	double cg_limit;	/* seconds per candidate's codegen (0: none) */
	double cg_limit_forced;	/* the same for a forced candidate */
	at_deps_memo *deps_memo;	/* dependences of the last nest, or NULL */
	double deps_limit;	/* CPU seconds for a nest's dependences (0: none) */
} at_plan_opts;

/* The options of one nest. */
typedef struct at_plan {
	const at_scop *scop;
	int n;			/* 0: the nest is left unchanged */
	char *text[AT_PLAN_MAX];	/* generated nest text; NULL: keep */
	char id[AT_PLAN_MAX][96];	/* candidate ids */
	int pick;		/* the option the output uses */
} at_plan;

/* Plans one nest under po: fills *plan (zeroed first) with at most
 * po->n_option options, ranked, plus `keep` when n_option > 1.  A nest that
 * cannot be transformed gets plan->n = 0 after a warning; a forced choice
 * that is illegal or unknown is an error: returns -1 (plan->n = 0).
 * Returns 0 otherwise. */
int at_plan_nest(isl_ctx *ctx, const at_scop *scop, const at_plan_opts *po,
	at_plan *plan);

/* Returns the text option `pick` of plan puts in the output (NULL: leave
 * the nest unchanged). */
char *at_plan_text(const at_plan *plan);

/* Frees the texts of *plan and zeroes it. */
void at_plan_clear(at_plan *plan);

#endif
