/*
 * select.c — rank a nest's candidates with the cost model (see
 * at_select.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_select.h"
#include "at_diag.h"
#include "at_timing.h"

#define AT_SELECT_BATCH AT_MODEL_CHUNK

/* The tile sizes the model chooses among: 4 to 256 of the space's 1, 4,
 * 8, ..., 512.  Taking the best prediction over every size vector favours
 * the sizes where the model overestimates most, and autotile's choices
 * that slowed kernels down were mostly at the extremes: of the 15
 * held-out test kernels it made more than 5 % slower (make eval-wild,
 * session 8), 12 had a 512-tile and 9 a 1-tile.  On the 138 validation
 * kernels, 4 to 256 gave 2.64x with 2 kernels slower, against 2.62x with
 * 4 for all sizes and 2.60x with 5 for 1 to 256.  Pragma tile() sizes,
 * fixed:N and --candidate are not limited. */
#define AT_SELECT_SIZE_MIN 4
#define AT_SELECT_SIZE_MAX 256

/* A batch of encoded candidates waiting to be scored: item[i] is the
 * index in sel->items of the structure the row belongs to. */
typedef struct at_select_batch {
	int n;
	float x[AT_SELECT_BATCH * AT_FEAT_CAND_DIM];
	float pred[AT_SELECT_BATCH];
	int item[AT_SELECT_BATCH];
	long sizes[AT_SELECT_BATCH][AT_MAX_DEPTH];
	int shape_item;		/* the item whose shape entries `shape` holds */
	float shape[AT_FEAT_CAND_SHAPE];
} at_select_batch;

/* Scores the batch b; each row that beats its structure's best so far
 * replaces it.  Returns 0 or -1. */
static int at_select_flush(const at_model *m, at_select *sel,
	at_select_batch *b)
{
	double t;

	if (!b->n)
		return 0;
	t = at_timing_start();
	if (at_model_predict(m, sel->nest, b->x, b->n,
	    AT_FEAT_CAND_SHAPE, b->pred) < 0)
		return -1;
	at_timing_stop(AT_T_MODEL, t);
	at_timing_count(AT_T_MODEL, b->n);
	for (int i = 0; i < b->n; i++) {
		at_select_item *it = &sel->items[b->item[i]];
		if (b->pred[i] > it->pred) {
			it->pred = b->pred[i];
			memcpy(it->ch.sizes, b->sizes[i], sizeof(b->sizes[i]));
		}
	}
	sel->n_scored += b->n;
	b->n = 0;
	return 0;
}

/* Adds structure si at `sizes` (NULL for orig) as a row of item `item`,
 * scoring the batch when full; returns 0 or -1.  Rows of the structure of
 * the row before copy its shape entries. */
static int at_select_add(const at_model *m, at_select *sel,
	at_select_batch *b, const at_feat_struct_info *si, int item,
	const long *sizes)
{
	float *row = b->x + (size_t)b->n * AT_FEAT_CAND_DIM;

	if (b->shape_item == item) {	/* the same structure, other sizes */
		memcpy(row, b->shape, sizeof(b->shape));
		at_features_cand_resize(si, sizes, row);
	} else {
		at_features_cand(si, sizes, row);
		memcpy(b->shape, row, sizeof(b->shape));
		b->shape_item = item;
	}
	b->item[b->n] = item;
	memset(b->sizes[b->n], 0, sizeof(b->sizes[b->n]));
	if (sizes)
		memcpy(b->sizes[b->n], sizes, sizeof(long) * si->n);
	if (++b->n == AT_SELECT_BATCH)
		return at_select_flush(m, sel, b);
	return 0;
}

/* Fills sizes[] with the tile sizes the model chooses among at band
 * position k of shape s and returns their number: the space's sizes
 * for k (at_space_sizes) from AT_SELECT_SIZE_MIN to AT_SELECT_SIZE_MAX, or
 * the smallest of them when none is in that range (a loop of fewer than
 * 4 iterations). */
static int at_select_size_range(const at_space *space, int s, int k,
	long *sizes)
{
	long all[AT_N_SIZE];
	int c = at_space_sizes(space, s, k, all), n = 0;

	for (int i = 0; i < c; i++)
		if (all[i] >= AT_SELECT_SIZE_MIN && all[i] <= AT_SELECT_SIZE_MAX)
			sizes[n++] = all[i];
	if (n == 0)
		sizes[n++] = all[0];
	return n;
}

/* Adds item `item` (a structure) at every allowed size vector; returns 0
 * or -1. */
static int at_select_sizes(const at_space *space, const at_model *m,
	at_select *sel, at_select_batch *b, const at_feat_struct_info *si,
	int item)
{
	long sizes[AT_MAX_DEPTH][AT_N_SIZE], cur[AT_MAX_DEPTH];
	int cnt[AT_MAX_DEPTH], idx[AT_MAX_DEPTH] = { 0 }, n = si->n, k;

	for (k = 0; k < n; k++)
		cnt[k] = at_select_size_range(space, sel->items[item].ch.shape, k,
			sizes[k]);
	for (;;) {
		for (k = 0; k < n; k++)
			cur[k] = sizes[k][idx[k]];
		if (at_select_add(m, sel, b, si, item, cur) < 0)
			return -1;
		for (k = n - 1; k >= 0 && ++idx[k] == cnt[k]; k--)
			idx[k] = 0;
		if (k < 0)
			return 0;
	}
}

/* Appends an item for choice ch with the lowest prediction; returns its
 * index. */
static int at_select_push(at_select *sel, const at_choice *ch)
{
	at_select_item *it = &sel->items[sel->n];

	memset(it, 0, sizeof(*it));
	it->ch = *ch;
	it->pred = -HUGE_VALF;
	return sel->n++;
}

/* Scores orig and every structure of the space, whatever its verdict at
 * the probe sizes of a checked space (a structure illegal there can be
 * legal at other sizes; the caller checks the ones it keeps at their own
 * sizes), so that every mode of the space ranks alike; returns 0 or -1. */
static int at_select_score(isl_ctx *ctx, const at_space *space,
	const at_model *m, at_select *sel, at_select_batch *b)
{
	at_feat_struct_info si;
	at_choice ch;
	int item;

	memset(&ch, 0, sizeof(ch));
	ch.shape = -1;
	item = at_select_push(sel, &ch);
	if (at_features_struct(ctx, space, &sel->info, &ch, &si) < 0 ||
	    at_select_add(m, sel, b, &si, item, NULL) < 0)
		return -1;
	for (int i = 0; i < space->n_struct; i++) {
		const at_struct *st = &space->structs[i];

		item = at_select_push(sel, &st->ch);
		if (at_features_struct(ctx, space, &sel->info, &st->ch,
		    &si) < 0 ||
		    at_select_sizes(space, m, sel, b, &si, item) < 0)
			return -1;
	}
	return at_select_flush(m, sel, b);
}

/* Orders items by prediction, best first. */
static int at_select_cmp(const void *a, const void *b)
{
	float x = ((const at_select_item *)a)->pred;
	float y = ((const at_select_item *)b)->pred;

	return (x < y) - (x > y);
}

/* Sorts sel's items and inserts keep after the candidates whose
 * prediction beats the keep margin (items has room for it). */
static void at_select_order(const at_model *m, at_select *sel)
{
	float margin = at_model_keep_margin(m);
	int pos = 0;

	qsort(sel->items, sel->n, sizeof(sel->items[0]), at_select_cmp);
	while (pos < sel->n && sel->items[pos].pred > margin)
		pos++;
	memmove(&sel->items[pos + 1], &sel->items[pos],
		(sel->n - pos) * sizeof(sel->items[0]));
	memset(&sel->items[pos], 0, sizeof(sel->items[0]));
	sel->items[pos].ch.shape = AT_CHOICE_KEEP;
	sel->n++;
}

/* Ranks every candidate of the nest (see at_select.h). */
int at_select_rank(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_space *space, const at_model *m, const long *param_vals,
	at_select *sel)
{
	at_select_batch *b = malloc(sizeof(*b));
	int rc = -1;

	memset(sel, 0, sizeof(*sel));
	sel->items = calloc(space->n_struct + 2, sizeof(*sel->items));
	if (!b || !sel->items)
		goto error;
	b->n = 0;
	b->shape_item = -1;
	if (at_features_nest_info(ctx, scop, deps, space, param_vals, NULL,
	    &sel->info) < 0)
		goto error;
	at_features_nest_encode(&sel->info, sel->nest);
	if (at_select_score(ctx, space, m, sel, b) < 0)
		goto error;
	at_select_order(m, sel);
	rc = 0;
error:
	if (rc < 0)
		at_diag(&scop->loc, AT_WARNING, "the cost model could not "
			"rank this nest's candidates");
	free(b);
	return rc;
}

/* Frees what *sel holds. */
void at_select_clear(at_select *sel)
{
	free(sel->items);
	sel->items = NULL;
	sel->n = 0;
}

/* Prints the features whose attribution is largest in magnitude, at most
 * `k` of them, from attr[0..n-1] named by name(i). */
static void at_select_attr(FILE *f, const at_model *m, const float *attr,
	int n, int nest, int k)
{
	int used[8] = { 0 }, nu = 0;

	while (nu < k && nu < 8) {
		int best = -1;
		for (int i = 0; i < n; i++) {
			int seen = 0;
			for (int j = 0; j < nu; j++)
				seen |= used[j] == i;
			if (!seen && (best < 0 || fabsf(attr[i]) >
			    fabsf(attr[best])))
				best = i;
		}
		if (best < 0 || attr[best] == 0)
			break;
		used[nu++] = best;
		fprintf(f, "      %-24s %+.3f\n", nest ?
			at_model_nest_name(m, best) :
			at_model_cand_name(m, best), attr[best]);
	}
}

/* Prints this machine's caches and cores as the features see them, and
 * whether the weights were trained on timings of a machine with the same
 * ones (else their predictions here extrapolate). */
static void at_select_explain_machine(FILE *f, const at_model *m,
	const at_feat_machine *mach)
{
	const cJSON *all = at_model_info(m, "machines"), *it;
	int n = 0, same = 0;

	fprintf(f, "  machine: L1d %ld KiB, L2 %ld KiB, L3 %ld KiB, %d cores "
		"(caches from %s)", mach->l1d / 1024, mach->l2 / 1024,
		mach->l3 / 1024, mach->cores,
		at_features_machine_source(mach->source));
	cJSON_ArrayForEach(it, all) {
		at_feat_machine t;
		same |= at_features_machine_read(it, &t) == 0 &&
			at_features_machine_same(&t, mach);
		n++;
	}
	if (!n)
		fprintf(f, "\n");
	else if (same)
		fprintf(f, "; the weights were trained on its timings\n");
	else
		fprintf(f, "; none of the %d machines the weights were "
			"trained on has these caches and cores, so the "
			"predictions extrapolate\n", n);
}

/* Prints the ranking (see at_select.h). */
void at_select_explain(FILE *f, isl_ctx *ctx, const at_space *space,
	const at_model *m, const at_select *sel, int k)
{
	float nattr[AT_FEAT_NEST_DIM], cattr[AT_FEAT_CAND_DIM];
	float x[AT_FEAT_CAND_DIM], pred;
	at_feat_struct_info si;
	const at_select_item *it = NULL;
	int shown = 0, skipped = 0;
	char id[128];

	at_select_explain_machine(f, m, &sel->info.mach);
	for (int i = 0; i < sel->n && shown < k; i++) {
		skipped += sel->items[i].legal < 0;
		shown += sel->items[i].legal >= 0;
	}
	fprintf(f, "  cost model: %ld candidates scored; a candidate replaces "
		"the nest as written when its predicted speedup is above "
		"%.2f; top %d", sel->n_scored, exp(at_model_keep_margin(m)),
		shown);
	if (skipped)
		fprintf(f, " (%d ranked among them left out: illegal at "
			"this nest's sizes)", skipped);
	fprintf(f, ":\n");
	if (at_model_doubt(m) > 0)
		fprintf(f, "    (the speedups are cautious: the %d networks' "
			"mean log-speedup minus %.2f times their spread)\n",
			at_model_members(m), at_model_doubt(m));
	for (int i = 0, rank = 0; i < sel->n && rank < shown; i++)
		if (sel->items[i].legal >= 0)
			fprintf(f, "    %2d. %-40s predicted speedup %6.2f\n",
				++rank, at_space_id(space, &sel->items[i].ch,
				id, sizeof(id)), sel->items[i].ch.shape ==
				AT_CHOICE_KEEP ? 1.0 : exp(sel->items[i].pred));
	for (int i = 0; i < sel->n && !it; i++)
		if (sel->items[i].ch.shape != AT_CHOICE_KEEP &&
		    sel->items[i].legal >= 0)
			it = &sel->items[i];
	if (!it || at_features_struct(ctx, space, &sel->info, &it->ch,
	    &si) < 0)
		return;
	at_features_cand(&si, it->ch.shape < 0 ? NULL : it->ch.sizes, x);
	if (at_model_explain(m, sel->nest, x, nattr, cattr, &pred) < 0)
		return;
	fprintf(f, "    what moved the prediction for %s most (gradient x "
		"input, in log-speedup):\n      nest features:\n",
		at_space_id(space, &it->ch, id, sizeof(id)));
	at_select_attr(f, m, nattr, AT_FEAT_NEST_DIM, 1, 5);
	fprintf(f, "      candidate features:\n");
	at_select_attr(f, m, cattr, AT_FEAT_CAND_DIM, 0, 5);
}
