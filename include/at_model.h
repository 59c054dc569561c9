/*
 * at_model.h — stage 6: the learned cost model (weights I/O and batched
 * CBLAS inference).
 *
 * The model predicts the log-speedup over the nest as written ("keep") of
 * every candidate of one nest.  Inputs are one nest vector (dn floats) and
 * one vector per candidate (dc floats), raw as the features stage makes
 * them; the weights file holds their mean and standard deviation.  The
 * network (all activations ELU, every layer y = x W + b with W stored
 * row-major as rows = inputs, cols = outputs):
 *
 *     nest  z_n = (nest - mean) / std  --nest1--> a  --nest2--> b   (once)
 *     cand  z_c = (cand - mean) / std  --cand1--> c                 (per cand)
 *     head  [nest2 out, cand1 out] (b + c) --head1--> d --head2--> 1
 *
 * The nest half of head1 is the same for every candidate: it is computed
 * once and added as a bias, so the candidate side is three cblas_sgemm
 * calls per chunk of candidates (cand1, head1's lower rows, head2).  The
 * normalisation is folded into nest1 and cand1 when the weights are
 * loaded.
 *
 * Weights file (JSON, see prompts/formats.md): "schema": 1, "layout",
 * "nest_names" [dn], "cand_names" [dc], "norm" {"nest_mean", "nest_std",
 * "cand_mean", "cand_std"}, "keep_margin", "layers" (exactly nest1, nest2,
 * cand1, head1, head2 in this order, each {"name", "rows", "cols",
 * "w": [rows*cols], "b": [cols]}); optional objects "machine", "metrics",
 * "dataset", "training" are kept for --explain.
 */
#ifndef AT_MODEL_H
#define AT_MODEL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define AT_MODEL_SCHEMA 1
#define AT_MODEL_N_LAYER 5

/* The layers of a weights file, in file order: nest1 and nest2 embed the
 * nest, cand1 the candidate, head1 reads [nest embedding | cand1], head2
 * gives the log-speedup. */
enum at_model_layer {
	AT_LAYER_NEST1,
	AT_LAYER_NEST2,
	AT_LAYER_CAND1,
	AT_LAYER_HEAD1,
	AT_LAYER_HEAD2
};

/* The name of layer l in the weights file ("nest1" ...). */
const char *at_model_layer_name(enum at_model_layer l);

typedef struct at_model at_model;

/* Reads and validates the weights file `path` for the feature layout
 * `layout` with dn nest and dc candidate features.  Returns the model, or
 * NULL with a one-line message "path: what is wrong" in err (errlen bytes,
 * always NUL-terminated when errlen > 0).  Checked: readable, JSON, schema,
 * layout string, name counts, norm lengths and finiteness (std > 0),
 * keep_margin, every layer's name, shape chaining, data lengths and that
 * every number is finite.  The first model loads OpenBLAS (at_blas.h);
 * when that fails, err says so without the path. */
at_model *at_model_load(const char *path, const char *layout, int dn, int dc,
	char *err, size_t errlen);

/* As at_model_load, on an already parsed weights object `root` (not
 * taken); `name` is used in messages in place of the path. */
at_model *at_model_from_json(const cJSON *root, const char *name,
	const char *layout, int dn, int dc, char *err, size_t errlen);

/* Frees m (NULL is allowed). */
void at_model_free(at_model *m);

/* Makes the BLAS behind the model use one thread in this process.  A
 * nest's batch is at most a few thousand rows of 32 columns: thread
 * start-up costs more than it saves, and autotile usually runs beside the
 * user's parallel build.  Programs call it once, before scoring. */
void at_model_one_thread(void);

/* Writes the predicted log-speedup of each of the n candidates (cands:
 * n rows of dc raw features, row-major) of the nest `nest` (dn raw
 * features) to out[0..n-1].  When the first `shared` entries (0..dc) are
 * often equal in consecutive rows, as a structure's are over its tile
 * sizes, their share of cand1 is computed once per run of equal rows and
 * the rest by one sgemm, so a run costs dc - shared columns a row
 * instead of dc; the sums then differ from shared = 0's in rounding only
 * (they are added in another order).  Works in chunks of at most
 * AT_MODEL_CHUNK candidates, so its memory use does not grow with n.
 * Returns 0, or -1 when out of memory or shared is out of range (out is
 * then undefined). */
#define AT_MODEL_CHUNK 512
int at_model_predict(const at_model *m, const float *nest, const float *cands,
	int n, int shared, float *out);

/* Attribution of one prediction to its inputs (gradient x input): writes
 * d pred / d x_i * (x_i - mean_i) for each nest feature into nest_attr[dn]
 * and each candidate feature into cand_attr[dc] (either may be NULL).
 * Its sign says whether the feature's deviation from the training mean
 * raised or lowered the predicted log-speedup.  Returns the prediction
 * through *pred when pred is not NULL.  Returns 0, or -1 when out of
 * memory. */
int at_model_explain(const at_model *m, const float *nest, const float *cand,
	float *nest_attr, float *cand_attr, float *pred);

/* Writes to idx[] the indices of the (at most) k largest of score[0..n-1],
 * largest first, ties by lower index.  Returns the number written
 * (min(k, n)). */
int at_model_topk(const float *score, int n, int k, int *idx);

/* The candidate to use given predictions pred[0..n-1]: the best
 * prediction among the candidates other than `keep` if it exceeds the
 * model's keep_margin, else `keep` (which may be -1 for "leave the nest
 * unchanged" when the caller has no keep candidate in the list). */
int at_model_pick(const at_model *m, const float *pred, int n, int keep);

/* The margin (log-speedup) a candidate must beat to replace the nest as
 * written. */
float at_model_keep_margin(const at_model *m);

/* Ensemble caution.  Weights merged from an ensemble may give each
 * member's own output bias (head2's "member_b"; head1 then is as many
 * diagonal blocks) and a "doubt" d >= 0: a candidate's score is then
 * the members' mean log-speedup minus d times their standard deviation
 * (population), so a candidate the members disagree on must look better
 * to be ranked first and to beat the keep margin.  d = 0 (the default)
 * scores the mean as the merged network computes it.
 * at_model_set_doubt returns 0, or -1 when d is outside 0..10 or is
 * above 0 for weights without member biases (m unchanged). */
float at_model_doubt(const at_model *m);
int at_model_set_doubt(at_model *m, float doubt);
int at_model_members(const at_model *m);

/* Number of nest / candidate features; name of feature i (NULL if out of
 * range). */
int at_model_dn(const at_model *m);
int at_model_dc(const at_model *m);
const char *at_model_nest_name(const at_model *m, int i);
const char *at_model_cand_name(const at_model *m, int i);

/* Hidden sizes: out[0..3] = cols of nest1, nest2, cand1, head1. */
void at_model_hidden(const at_model *m, int out[4]);

/* The diagonal blocks scoring multiplies head1's candidate rows by: an
 * ensemble's members (autotile-train merges them into one network whose
 * other entries there are 0); 1 for a dense head1. */
int at_model_blocks(const at_model *m);

/* The weights file's optional object `key` ("machine", "metrics",
 * "dataset", "training") or array "machines" (the machines whose
 * timings it was trained on), or NULL.  Owned by m. */
const cJSON *at_model_info(const at_model *m, const char *key);

/* The number `key` of the object `obj` of the weights file (e.g.
 * at_model_number(m, "machine", "l2")), or NAN when absent. */
double at_model_number(const at_model *m, const char *obj, const char *key);

#endif
