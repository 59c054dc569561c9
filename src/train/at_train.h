/*
 * at_train.h — the core of bin/autotile-train (src/train/): training rows
 * (prompts/formats.md "Training rows"), the split by kernel, the network's
 * training on CBLAS, and the evaluation metrics.  The trained network is
 * written in the weights format of include/at_model.h and every
 * evaluation predicts through at_model (the same code path as autotile).
 *
 * A kernel is the group of rows of one seed within one input file (one
 * measurement run); the split is by seed only, so one seed never lands on
 * two sides.
 *
 * Censored rows: a row with "censored": 1 is a variant the dataset driver
 * stopped at its time limit; its "speedup" is ref_time / limit, an upper
 * bound on the true speedup ("at most this").  The losses use it only as
 * a bound (at_tr_mse_loss, at_tr_rank_pair) and the metrics never take it
 * for a measured speedup except where at_tr_metrics says so.
 */
#ifndef AT_TRAIN_H
#define AT_TRAIN_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "at_model.h"

typedef enum at_tr_split {
	AT_TR_TRAIN,
	AT_TR_VAL,
	AT_TR_TEST,
	AT_TR_N_SPLIT
} at_tr_split;

typedef enum at_tr_role {
	AT_TR_KEEP,		/* the nest as written (speedup 1) */
	AT_TR_ORIG,
	AT_TR_FIXED32,
	AT_TR_RANDOM,
	AT_TR_MODEL,
	AT_TR_OTHER
} at_tr_role;

/* The rows first .. first + n - 1 of one kernel. */
typedef struct at_tr_kernel {
	long long seed;
	int file;
	int first, n;
	at_tr_split split;
	int keep;		/* row of the keep candidate, or -1 */
	int fixed32;		/* row of the fixed32 candidate, or -1 */
} at_tr_kernel;

/* All training rows of the input files, grouped by kernel. */
typedef struct at_tr_data {
	char *layout;
	int dn, dc;
	char **nest_names, **cand_names;
	cJSON *machine;		/* the first header's "machine", or NULL */
	cJSON *machines;	/* every header's "machines", in order */
	int n_file;
	char **files;
	int n_row, n_kernel, n_skipped;
	double max_load;	/* set before reading: rows whose "load" is
				 * above it are left out (0: none are) */
	int n_loaded;		/* rows left out for their load */
	int busy_cap;		/* set before reading: 1 leaves out the
				 * rows whose competing tasks (see
				 * --max-busy) are above max_busy
				 * (0: none are left out) */
	double max_busy;
	int busy_train;		/* set before reading: 1 keeps the training
				 * split's rows whatever their competing
				 * tasks (the cap applies to validation and
				 * test only) */
	int n_busy;		/* rows left out for their competing tasks */
	int fold, n_fold;	/* set before reading: cross-validation part
				 * fold (1 .. n_fold) held out as validation
				 * (n_fold 0: the standard split; see
				 * at_tr_split_of) */
	float *nest;		/* n_kernel x dn, raw */
	float *cand;		/* n_row x dc, raw */
	float *y;		/* log(speedup) per row (censored: log of the bound) */
	double *speedup;	/* censored rows: the upper bound */
	unsigned char *censored;	/* 1: speedup is only an upper bound */
	int n_censored;
	unsigned char *role;	/* at_tr_role */
	char **cand_id;		/* per row: the candidate's "cand", or NULL */
	at_tr_kernel *kernels;
	/* while reading: per-row seed, file and nest vector */
	long long *row_seed;
	int *row_file;
	float *row_nest;
	float *row_busy;	/* per row: at_tr_busy, 0 when unknown */
	float *row_var;		/* per row: the variance of its log time,
				 * log(1 + "spread")^2 (0: one run, or no
				 * "spread"; keep rows included) */
	float *label_var;	/* per row: the variance of its log-speedup,
				 * its row_var plus its kernel keep row's
				 * (0 for the keep row itself: exactly 1);
				 * set by at_tr_data_finish */
	int cap;
} at_tr_data;

/* Appends the rows of the training file `path` to d (zeroed before the
 * first call); its header must match earlier files'.  A row's optional
 * "censored" (a number or a boolean, nonzero: censored) marks its
 * speedup as an upper bound; a keep row is never censored.  Returns 0, or -1
 * with a one-line message "path:line: what" in err. */
int at_tr_data_read(at_tr_data *d, const char *path, char *err,
	size_t errlen);

/* Groups the rows read into kernels (sorted by file, then seed; a kernel
 * is a run of one seed's rows with one nest vector, so a seed timed at
 * two sizes is two kernels) and assigns splits; call once after the last
 * at_tr_data_read.  Returns 0,
 * or -1 (out of memory, or no rows). */
int at_tr_data_finish(at_tr_data *d, char *err, size_t errlen);

/* Frees everything d owns (d itself is not freed). */
void at_tr_data_free(at_tr_data *d);

/* The name of the candidate column at_tr_data_add_busy appends. */
#define AT_TR_BUSY_NAME "busy"

/* The largest value of that column: more competing tasks count as this
 * many. */
#define AT_TR_BUSY_MAX 4

/* Appends a candidate column AT_TR_BUSY_NAME to the rows of d (after
 * at_tr_data_finish): a training row timed with more than d->max_busy
 * competing tasks gets their number (at most AT_TR_BUSY_MAX), every
 * other row 0, the value every prediction of autotile assumes.  Returns
 * the number of rows given a nonzero value, or -1 (out of memory). */
int at_tr_data_add_busy(at_tr_data *d);

/* Removes the last candidate column (the one at_tr_data_add_busy
 * appended) from d. */
void at_tr_data_drop_busy(at_tr_data *d);

/* The split of a seed: a hash of the seed, 70/15/15 % train/val/test
 * (for autotile-gen's series 4, a hash independent of its first draw).
 * With n_fold > 0 (cross-validation), the test kernels stay test and the
 * other 85 % fall into n_fold parts by a further digit of the same hash:
 * part `fold` (1 .. n_fold) is validation, the others training. */
at_tr_split at_tr_split_of(long long seed, int fold, int n_fold);

/* Number of kernels and rows of one split. */
void at_tr_data_count(const at_tr_data *d, at_tr_split s, int *kernels,
	int *rows);

/* Normalisation constants (mean and standard deviation over the training
 * kernels / rows; a constant feature gets std 1 and its *_const flag). */
typedef struct at_tr_norm {
	float *nest_mean, *nest_std, *cand_mean, *cand_std;
	unsigned char *nest_const, *cand_const;	/* 1: the same value in
						 * every training row */
} at_tr_norm;

/* Computes n from the training split of d.  Returns 0 or -1 (no memory). */
int at_tr_norm_compute(const at_tr_data *d, at_tr_norm *n);

/* Frees n's vectors. */
void at_tr_norm_free(at_tr_norm *n);

typedef enum at_tr_loss {
	AT_TR_MSE,		/* mean squared error on log-speedup */
	AT_TR_RANK,		/* pairwise logistic ranking within a kernel */
	AT_TR_BOTH		/* their sum */
} at_tr_loss;

/* Training settings. */
typedef struct at_tr_opts {
	int epochs;		/* maximum number of passes */
	int patience;		/* early stop after this many without gain */
	int batch;		/* kernels per minibatch */
	int hidden;		/* width of every hidden layer, but: */
	int cand_width;		/* cand1's, when > 0 */
	int head_width;		/* head1's, when > 0 */
	unsigned long long seed;
	float lr, wd;		/* Adam step, decoupled weight decay */
	float tau;		/* ranking pairs need |dy| > tau */
	float rank_top;		/* ranking pairs weighted towards the
				 * kernel's best row (at_tr_rank_loss);
				 * 0: every pair weighs 1 */
	float over;		/* squared error of an over-prediction
				 * weighs this much (1: symmetric) */
	float noise;		/* > 0: standard deviation of the uniform
				 * noise added to the normalised inputs
				 * (those not constant in training) of
				 * every training batch */
	float spread_weight;	/* > 0: a target of timing-noise variance
				 * v weighs s^2 / (s^2 + v), s this
				 * (--spread-weight; at_tr_data.label_var,
				 * row_var) */
	float ema;		/* > 0: validation scores and the kept
				 * parameters are an exponential moving
				 * average of the steps' (decay ema) */
	at_tr_loss loss;
	int fixed;		/* a refit: exactly `epochs` epochs, no
				 * validation, the last parameters kept */
	int verbose;		/* progress on stderr */
} at_tr_opts;

/* What one at_tr_train run did. */
typedef struct at_tr_run {
	double val;		/* best validation Spearman (0 when fixed) */
	int epochs;		/* epochs run */
	int best;		/* the epoch whose parameters were kept
				 * (1-based) */
} at_tr_run;

/* Default settings. */
void at_tr_opts_default(at_tr_opts *o);

/* The width of a layer whose width option is `set` (0: not set) in a
 * network of width h (at_tr_opts.hidden): set, or h. */
int at_tr_width(int set, int h);

/* The squared-error part of one kernel: for each of its n rows, (p - y)^2,
 * or for a censored row (c[i] set, y its log bound) max(0, p - y)^2,
 * times `over` when p > y (a speedup predicted too high) and, when var
 * is not NULL and s2 > 0, times s2 / (s2 + var[i]) (var[i] the variance
 * of the target y[i] from timing noise); returns the sum times `scale`
 * and adds its gradient with respect to p (times scale) to dp. */
double at_tr_mse_loss(const float *p, const float *y,
	const unsigned char *c, int n, float over, const float *var, float s2,
	float scale, float *dp);

/* Returns 1 when rows i and j (targets y, censoring flags c) form a
 * ranking pair "i is faster than j": i uncensored and y[i] - y[j] > tau,
 * j either uncensored or censored (then y[j] is its log bound, and i is
 * known faster than any time j could have had); never when i is
 * censored, so never between two censored rows. */
int at_tr_rank_pair(const float *y, const unsigned char *c, int i, int j,
	float tau);

/* Number of ranking pairs (at_tr_rank_pair) among one kernel's n rows. */
int at_tr_count_pairs(const float *y, const unsigned char *c, int n,
	float tau);

/* Weighted pairwise logistic loss w * log(1 + exp(p[j] - p[i])) summed
 * over the ranking pairs (i faster than j) of one kernel's n rows; adds
 * the gradient times `scale` to dp and the number of pairs to *pairs;
 * returns the (unscaled) sum.  With top = 0 every pair weighs 1; with
 * top > 0 a pair weighs 2 top exp(top (y[i] - best)), best the largest
 * uncensored y of the kernel: pairs whose faster row is near the best
 * count most, since a pick is only ever made at the top (2 top keeps
 * the weights' scale near that of uniform ones).  When var is not NULL
 * and s2 > 0 a pair also weighs s2 / (s2 + var[i] + var[j]), var[] the
 * variance of each row's log time (y[i] - y[j] is the log of a ratio of
 * the two rows' times). */
double at_tr_rank_loss(const float *p, const float *y,
	const unsigned char *c, int n, float tau, float top, const float *var,
	float s2, float scale, float *dp, int *pairs);

/* Name of a loss ("mse", "rank", "mse+rank"). */
const char *at_tr_loss_name(at_tr_loss l);

/* Trains one network on the training split of d with normalisation n,
 * early-stopped on the validation split's mean per-kernel Spearman (with
 * o->fixed: exactly o->epochs epochs, validation never read).  The
 * first-layer weights of the features constant over the training rows
 * (n's *_const) are written as 0: training never moved them (their
 * normalised value is 0 in every training row), so they would only add
 * their random initial values wherever such a feature takes another
 * value (a parametric nest's "trip count unknown" flags, say).
 * Returns the weights object (schema, layout, names, norm, keep_margin 0,
 * layers; the caller adds the rest) and what the run did in *run, or
 * NULL with a message in err. */
cJSON *at_tr_train(const at_tr_data *d, const at_tr_norm *n,
	const at_tr_opts *o, at_tr_run *run, char *err, size_t errlen);

/* Self-check of the backward pass: for a random network of width
 * o->hidden and loss o->loss on the first o->batch training kernels, the
 * largest relative difference between the gradient and central
 * differences of the loss over about 200 parameters.  Returns it, or -1
 * on error. */
double at_tr_grad_check(const at_tr_data *d, const at_tr_norm *n,
	const at_tr_opts *o);

/* Returns a JSON array of the n floats v, each with the 9 significant
 * digits that read back as the same float, or NULL. */
cJSON *at_tr_floats_json(const float *v, int n);

/* Most networks at_tr_ensemble merges. */
#define AT_TR_MAX_MEMBERS 8

/* Merges n (1 .. AT_TR_MAX_MEMBERS) weights objects of one shape (as
 * at_tr_train returns them: same layout, names and norm) into a new one
 * whose network is n times as wide and predicts the mean of their
 * predictions exactly (block-diagonal layers; see ensemble.c); the other
 * members are copied from members[0].  Returns it, or NULL (shapes
 * differ, out of memory). */
cJSON *at_tr_ensemble(cJSON *const *members, int n);

/* Removes the last candidate input of the weights object w, whose raw
 * value is then always `value`: cand1's bias gains that input's row of
 * weights times its normalised value, and the row, its name and its norm
 * entries go, so w predicts as before wherever that input was `value`
 * (at_tr_data_add_busy's column at 0).  Returns 0, or -1 when w lacks a
 * part or has a single candidate input (w then unchanged). */
int at_tr_fold_last_cand(cJSON *w, float value);

/* Returns a weights object for a network with random weights of width
 * `hidden` (for --bench-infer and tests), or NULL. */
cJSON *at_tr_random_weights(const char *layout, int dn, int dc, int hidden,
	unsigned long long seed);

/* A pick measured below this speedup is "more than 5 % slower": the
 * two timings of a variant differ by less than 5 % in 79 % of the
 * measured rows, so such a pick is less likely a matter of noise than
 * one just below 1. */
#define AT_TR_SLOW_FAR 0.95

/* Evaluation of one split.  Censored rows (timeouts): the oracle is the
 * best uncensored speedup; MAPE and Spearman use uncensored rows only; a
 * censored row that is picked (one-shot, top-5, fixed32, random) counts
 * with its bound as its speedup, which is optimistic (its true speedup is
 * lower), and a censored one-shot pick always counts as slower. */
typedef struct at_tr_metrics {
	int kernels, rows;
	double mape;			/* of the predicted speedup */
	double spearman;		/* mean per kernel */
	int spearman_kernels;
	double one_arith, one_geo;	/* model's pick / oracle */
	double top5_arith, top5_geo;	/* best of the model's top 5 */
	int fixed_kernels;
	double fixed_arith, fixed_geo;	/* fixed32 / oracle */
	int fixed_slower;		/* kernels fixed32 makes slower (< 1
					 * or censored) */
	double rand_arith, rand_geo;	/* random pick, expectation */
	double rand5_arith, rand5_geo;	/* best of 5 random picks */
	double oracle_geo;		/* geomean oracle speedup */
	double model_geo;		/* geomean speedup of the pick */
	int slower;			/* kernels whose pick is < 1 */
	int slower5;			/* of those, below AT_TR_SLOW_FAR or
					 * censored */
	int kept;			/* kernels left as written */
	double margin;
	int censored;			/* censored rows of the split */
	int censored_picks;		/* kernels whose pick is censored */
} at_tr_metrics;

/* Writes the prediction of m for every row of split s into pred[row]
 * (one at_model_predict batch per kernel; other rows untouched).
 * Returns 0 or -1. */
int at_tr_predict(const at_model *m, const at_tr_data *d, at_tr_split s,
	float *pred);

/* Computes the metrics of split s from pred with keep margin `margin`. */
void at_tr_metrics_compute(const at_tr_data *d, at_tr_split s,
	const float *pred, double margin, at_tr_metrics *out);

/* The machines of the kernels, told apart by their nest vector's machine
 * entries (mach_l1d_log2, mach_l2_log2, mach_l3_log2, mach_cores). */
#define AT_TR_MAX_MACH 8
typedef struct at_tr_machines {
	int n;				/* 0: the layout has no such entries,
					 * or more than AT_TR_MAX_MACH */
	float val[AT_TR_MAX_MACH][4];	/* their entries, by first kernel */
	int *of;			/* per kernel: its machine */
} at_tr_machines;

/* Fills *m for d (m->of is allocated: free it).  Returns 0, or -1 when
 * memory is short. */
int at_tr_machines_find(const at_tr_data *d, at_tr_machines *m);

/* As at_tr_metrics_compute, on the kernels of split s timed on machine
 * i of m only.  Returns 0, or -1 when memory is short. */
int at_tr_metrics_machine(const at_tr_data *d, at_tr_split s,
	const at_tr_machines *m, int i, const float *pred, double margin,
	at_tr_metrics *out);

/* Mean per-kernel Spearman of split s over uncensored rows (kernels of at
 * least 3 uncensored rows). */
double at_tr_spearman(const at_tr_data *d, at_tr_split s, const float *pred);

/* How far below the best one-shot geomean a keep margin may score and
 * still be chosen for slowing fewer kernels: half a percent of the
 * oracle, about the spread of validation one-shot between training
 * seeds (0.002 until session 15; see weights/HISTORY.md, session 14). */
#define AT_TR_MARGIN_TOL 0.005

/* The keep margin chosen on split s: among the grid margins (0 .. 2 in
 * steps of 0.01) whose one-shot geomean is within AT_TR_MARGIN_TOL of
 * the best, the smallest of those that leave the fewest kernels slower
 * than as written (a censored pick counts as slower). */
double at_tr_choose_margin(const at_tr_data *d, at_tr_split s,
	const float *pred);

/* Chooses the doubt of m (see at_model.h; 0, 0.25 .. 1, 1.5, 2, or 0
 * alone when m has no member biases) and the keep margin together on
 * split s, as at_tr_choose_margin chooses a margin but over every pair:
 * within AT_TR_MARGIN_TOL of the best one-shot geomean, the fewest
 * kernels slower, then the smallest doubt and margin.  Sets m's doubt
 * and *margin; pred (d->n_row floats) is scratch.  Returns 0 or -1. */
int at_tr_choose_doubt(at_model *m, const at_tr_data *d, at_tr_split s,
	float *pred, double *margin);

/* Prints one line per kernel of split s: its seed, the model's pick at
 * keep margin `margin` (candidate, prediction and measured speedup, or
 * keep), the oracle's candidate and speedup, fixed32's speedup, and
 * "SLOWER" when the pick is slower than the nest as written. */
void at_tr_kernels_print(FILE *f, const at_tr_data *d, at_tr_split s,
	const float *pred, double margin);

/* Prints the metrics as one line "metrics <label>: ...". */
void at_tr_metrics_print(FILE *f, const char *label, const at_tr_metrics *m);

/* Returns the metrics as a JSON object, or NULL. */
cJSON *at_tr_metrics_json(const at_tr_metrics *m);

#endif
