/*
 * ensemble.c — several trained networks of one shape as one network,
 * as many times as wide, whose output is the mean of theirs (see
 * at_train.h).
 *
 * The weights format has five layers (nest1, nest2, cand1, head1, head2).
 * Member k's hidden units become units k*c .. k*c + c - 1 of the wide
 * network: nest1 and cand1 read the shared inputs, so their columns are
 * put side by side; nest2 is block-diagonal; head1 reads the nest
 * embedding (its first rows) and the candidate layer (the rest), each
 * block-diagonal; head2 is the members' output weights over N, its bias
 * their mean.  The zero blocks make the wide network compute exactly the
 * members' hidden activations (ELU is elementwise), so it predicts their
 * mean, and autotile loads and runs it as any other weights file.
 * head2 also keeps each member's own bias ("member_b"), so that autotile
 * can score with the members' spread (at_model_set_doubt).
 *
 * at_tr_fold_last_cand is the other surgery on a trained weights object:
 * an input known to be constant where the weights are used is folded
 * into cand1's bias.
 */
#include <stdlib.h>
#include <string.h>

#include "at_train.h"

/* One layer of a weights object: shape and arrays (borrowed). */
typedef struct at_tr_layer {
	int rows, cols;
	const cJSON *w, *b;
} at_tr_layer;

/* Reads layer l of weights object o into out.  Returns 0, or -1 when it
 * is missing or its arrays do not match its shape. */
static int at_tr_layer_get(const cJSON *o, int l, at_tr_layer *out)
{
	const cJSON *ly = cJSON_GetArrayItem(
		cJSON_GetObjectItemCaseSensitive(o, "layers"), l);
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(ly, "rows");
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(ly, "cols");

	if (!cJSON_IsNumber(r) || !cJSON_IsNumber(c))
		return -1;
	out->rows = r->valueint;
	out->cols = c->valueint;
	out->w = cJSON_GetObjectItemCaseSensitive(ly, "w");
	out->b = cJSON_GetObjectItemCaseSensitive(ly, "b");
	if (out->rows < 1 || out->cols < 1 || !cJSON_IsArray(out->w) ||
	    !cJSON_IsArray(out->b) || cJSON_GetArraySize(out->w) !=
	    out->rows * out->cols || cJSON_GetArraySize(out->b) != out->cols)
		return -1;
	return 0;
}

/* The merged row of member k's row i in layer l (N members; e: rows of
 * head1 that read the nest embedding, per member). */
static int at_tr_merged_row(int l, int k, int i, int rows, int n, int e)
{
	switch (l) {
	case AT_LAYER_NEST1:	/* shared nest features */
	case AT_LAYER_CAND1:	/* shared candidate features */
		return i;
	case AT_LAYER_HEAD1:	/* [embedding | candidate layer] */
		return i < e ? k * e + i : n * e + k * (rows - e) + (i - e);
	default:
		return k * rows + i;	/* nest2, head2: block-diagonal */
	}
}

/* Adds member k's layer l (shape r x c) into the merged arrays w (R x C)
 * and b (C).  The last layer's weights are divided by n and its biases
 * averaged; the others go to columns k*c .. k*c + c - 1. */
static void at_tr_place(const at_tr_layer *m, int l, int k, int n, int e,
	int C, float *w, float *b)
{
	int i = 0, last = l == AT_LAYER_HEAD2;
	const cJSON *x;

	cJSON_ArrayForEach(x, m->w) {
		int r = i / m->cols, c = i % m->cols;
		int R = at_tr_merged_row(l, k, r, m->rows, n, e);
		w[(size_t)R * C + (last ? c : k * m->cols + c)] =
			(float)x->valuedouble / (last ? n : 1);
		i++;
	}
	i = 0;
	cJSON_ArrayForEach(x, m->b) {
		if (last)
			b[i] += (float)x->valuedouble / n;
		else
			b[k * m->cols + i] = (float)x->valuedouble;
		i++;
	}
}

/* Replaces the arrays of layer l in the merged object out by w and b and
 * sets its shape.  Returns 0 or -1. */
static int at_tr_put(cJSON *out, int l, int rows, int cols, const float *w,
	const float *b)
{
	cJSON *ly = cJSON_GetArrayItem(
		cJSON_GetObjectItemCaseSensitive(out, "layers"), l);
	cJSON *wa = at_tr_floats_json(w, rows * cols), *ba = at_tr_floats_json(b, cols);

	if (!ly || !wa || !ba ||
	    !cJSON_ReplaceItemInObjectCaseSensitive(ly, "w", wa)) {
		cJSON_Delete(wa);
		cJSON_Delete(ba);
		return -1;
	}
	if (!cJSON_ReplaceItemInObjectCaseSensitive(ly, "b", ba)) {
		cJSON_Delete(ba);
		return -1;
	}
	return cJSON_ReplaceItemInObjectCaseSensitive(ly, "rows",
		cJSON_CreateNumber(rows)) &&
		cJSON_ReplaceItemInObjectCaseSensitive(ly, "cols",
		cJSON_CreateNumber(cols)) ? 0 : -1;
}

/* Merges layer l of the n members into out.  Returns 0 or -1. */
static int at_tr_merge_layer(cJSON *const *m, int n, int l, cJSON *out)
{
	at_tr_layer ly[AT_TR_MAX_MEMBERS], nest2;
	int last = l == AT_LAYER_HEAD2, e = 0, R, C, rc = -1;
	float *w = NULL, *b = NULL;

	for (int k = 0; k < n; k++)
		if (at_tr_layer_get(m[k], l, &ly[k]) < 0 ||
		    ly[k].rows != ly[0].rows || ly[k].cols != ly[0].cols)
			return -1;
	if (l == AT_LAYER_HEAD1) {
		if (at_tr_layer_get(m[0], AT_LAYER_NEST2, &nest2) < 0 ||
		    nest2.cols >= ly[0].rows)
			return -1;
		e = nest2.cols;
	}
	R = l == AT_LAYER_NEST1 || l == AT_LAYER_CAND1 ? ly[0].rows :
		n * ly[0].rows;
	C = last ? ly[0].cols : n * ly[0].cols;
	w = calloc((size_t)R * C, sizeof(float));
	b = calloc(C, sizeof(float));
	if (!w || !b)
		goto error;
	for (int k = 0; k < n; k++)
		at_tr_place(&ly[k], l, k, n, e, C, w, b);
	rc = at_tr_put(out, l, R, C, w, b);
error:
	free(w);
	free(b);
	return rc;
}

/* Adds to head2 of the merged object out the members' own output biases
 * as "member_b" (their mean is its bias), which at_model needs to score
 * with their spread.  Returns 0 or -1. */
static int at_tr_member_biases(cJSON *const *m, int n, cJSON *out)
{
	float b[AT_TR_MAX_MEMBERS];
	cJSON *ly = cJSON_GetArrayItem(
		cJSON_GetObjectItemCaseSensitive(out, "layers"), AT_LAYER_HEAD2);
	cJSON *a;
	at_tr_layer h;

	for (int k = 0; k < n; k++) {
		if (at_tr_layer_get(m[k], AT_LAYER_HEAD2, &h) < 0 ||
		    h.cols != 1)
			return -1;
		b[k] = (float)cJSON_GetArrayItem(h.b, 0)->valuedouble;
	}
	a = at_tr_floats_json(b, n);
	if (!ly || !a || !cJSON_AddItemToObject(ly, "member_b", a)) {
		cJSON_Delete(a);
		return -1;
	}
	return 0;
}

/* Merges n trained networks into one (see at_train.h). */
cJSON *at_tr_ensemble(cJSON *const *members, int n)
{
	cJSON *out;

	if (n < 1 || n > AT_TR_MAX_MEMBERS)
		return NULL;
	out = cJSON_Duplicate(members[0], 1);
	if (!out || n == 1)
		return out;
	for (int l = 0; l < AT_MODEL_N_LAYER; l++)
		if (at_tr_merge_layer(members, n, l, out) < 0) {
			cJSON_Delete(out);
			return NULL;
		}
	if (at_tr_member_biases(members, n, out) < 0) {
		cJSON_Delete(out);
		return NULL;
	}
	return out;
}

/* Returns array `key` of o when it has n items, else NULL. */
static cJSON *at_tr_array_n(const cJSON *o, const char *key, int n)
{
	cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsArray(a) && cJSON_GetArraySize(a) == n ? a : NULL;
}

/* Folds the last candidate input of w at `value` (see at_train.h). */
int at_tr_fold_last_cand(cJSON *w, float value)
{
	cJSON *ly = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(w,
		"layers"), AT_LAYER_CAND1);
	cJSON *norm = cJSON_GetObjectItemCaseSensitive(w, "norm");
	cJSON *names, *mean, *sd, *wa, *ba;
	at_tr_layer c1;
	double z;
	int j;

	if (at_tr_layer_get(w, AT_LAYER_CAND1, &c1) < 0 || c1.rows < 2)
		return -1;
	j = c1.rows - 1;
	names = at_tr_array_n(w, "cand_names", c1.rows);
	mean = at_tr_array_n(norm, "cand_mean", c1.rows);
	sd = at_tr_array_n(norm, "cand_std", c1.rows);
	wa = cJSON_GetObjectItemCaseSensitive(ly, "w");
	ba = cJSON_GetObjectItemCaseSensitive(ly, "b");
	if (!names || !mean || !sd ||
	    !(cJSON_GetArrayItem(sd, j)->valuedouble > 0))
		return -1;
	z = (value - cJSON_GetArrayItem(mean, j)->valuedouble) /
		cJSON_GetArrayItem(sd, j)->valuedouble;
	for (int k = 0; k < c1.cols; k++) {
		cJSON *bk = cJSON_GetArrayItem(ba, k);
		cJSON_SetNumberValue(bk, (float)(bk->valuedouble + z *
			cJSON_GetArrayItem(wa, j * c1.cols + k)->valuedouble));
	}
	for (int k = c1.cols - 1; k >= 0; k--)
		cJSON_DeleteItemFromArray(wa, j * c1.cols + k);
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(ly, "rows"), j);
	cJSON_DeleteItemFromArray(names, j);
	cJSON_DeleteItemFromArray(mean, j);
	cJSON_DeleteItemFromArray(sd, j);
	return 0;
}
