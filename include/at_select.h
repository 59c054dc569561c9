/*
 * at_select.h — `--strategy model`: rank every candidate of a nest with the
 * learned cost model and hand out the best legal ones.
 *
 * The candidates are `keep` (the nest as written), `orig` (its loop order
 * with OpenMP pragmas) and every structure of the space (shape x scans x
 * loop orders; the space may be built unchecked, AT_SPACE_LIST) at every
 * allowed size vector.  All of them are encoded (at_features_cand, no isl)
 * and scored in batches (at_model_predict, one sgemm per layer and batch);
 * each structure keeps its best size vector.  The ranking lists the
 * structures by that best prediction; the caller builds and checks them
 * exactly (at_space_make), best first, until enough legal ones are found,
 * so the model never hands out an unproved schedule and checks only a few.
 * `keep` is placed after the candidates whose prediction beats the model's
 * keep margin.
 */
#ifndef AT_SELECT_H
#define AT_SELECT_H

#include <stdio.h>

#include <isl/ctx.h>

#include "at_scop.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_features.h"
#include "at_model.h"

/* One ranked candidate. */
typedef struct at_select_item {
	at_choice ch;		/* shape AT_CHOICE_KEEP: the nest as written */
	float pred;		/* predicted log-speedup over keep */
	int legal;		/* at its own sizes: 1 legal, -1 illegal, 0 not
				 * checked (the caller's at_space_make sets it) */
} at_select_item;

/* The ranking of one nest. */
typedef struct at_select {
	long n_scored;		/* candidates the model scored */
	int n;			/* items[], best first */
	at_select_item *items;	/* keep, orig, each structure at its best
				 * sizes (structures known illegal left out) */
	float nest[AT_FEAT_NEST_DIM];	/* the nest vector */
	at_feat_nest info;	/* what it encodes */
} at_select;

/* Scores every candidate of `space` (built with AT_SPACE_LIST or more)
 * with model m and fills *sel (see above).  param_vals as for
 * at_features_nest_info.  Returns 0, or -1 after a diagnostic; release
 * *sel with at_select_clear either way. */
int at_select_rank(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_space *space, const at_model *m, const long *param_vals,
	at_select *sel);

/* Frees what *sel holds. */
void at_select_clear(at_select *sel);

/* Prints the --explain report of the ranking: the top `k` items not
 * known to be illegal at the nest's sizes (the caller checks them first,
 * item.legal) with their predicted speedups, how many illegal ones ranked
 * among them, and which features raised or lowered the prediction of the
 * best of them. */
void at_select_explain(FILE *f, isl_ctx *ctx, const at_space *space,
	const at_model *m, const at_select *sel, int k);

#endif
