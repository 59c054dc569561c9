/*
 * eval.c — predictions through at_model and the evaluation metrics of a
 * split (see at_train.h).
 *
 * Per kernel the oracle is the best measured (uncensored) speedup, at
 * least 1 (the nest as written, "keep", always competes).  The model's
 * pick is its best non-keep candidate if the prediction exceeds the keep
 * margin, else keep (speedup 1).  Top-5 is the best of the 5
 * best-predicted non-keep candidates and keep (as --autotune 5 would
 * measure them).  The random pick is the expectation over the kernel's
 * non-keep candidates; random top-5 the expectation of the best of 5
 * distinct ones and keep.  Each fraction is speedup / oracle per kernel,
 * averaged over kernels arithmetically and geometrically.
 *
 * Censored rows (variants stopped at the time limit) have only an upper
 * bound.  Wherever one is picked (the model's pick, its top 5, fixed32,
 * the random picks) it counts with its bound as its speedup: optimistic,
 * since the true speedup is lower, so these fractions can only flatter a
 * model that picks timeouts; "slower" counts a censored pick as slower
 * whatever its bound.  The oracle, MAPE and Spearman use uncensored rows
 * only.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "at_train.h"

/* Writes m's predictions for every row of split s (see at_train.h). */
int at_tr_predict(const at_model *m, const at_tr_data *d, at_tr_split s,
	float *pred)
{
	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		if (K->split != s)
			continue;
		if (at_model_predict(m, d->nest + (size_t)k * d->dn,
		    d->cand + (size_t)K->first * d->dc, K->n, 0,
		    pred + K->first) < 0)
			return -1;
	}
	return 0;
}

/* Writes the ranks (1-based, ties averaged) of v[0..n-1] into r. */
static void at_tr_ranks(const double *v, int n, double *r)
{
	for (int i = 0; i < n; i++) {
		int less = 0, eq = 0;
		for (int j = 0; j < n; j++) {
			less += v[j] < v[i];
			eq += v[j] == v[i];
		}
		r[i] = less + (eq + 1) / 2.0;
	}
}

/* Pearson correlation of a and b (n values); NAN when either is
 * constant. */
static double at_tr_pearson(const double *a, const double *b, int n)
{
	double ma = 0, mb = 0, sab = 0, saa = 0, sbb = 0;

	for (int i = 0; i < n; i++) {
		ma += a[i] / n;
		mb += b[i] / n;
	}
	for (int i = 0; i < n; i++) {
		sab += (a[i] - ma) * (b[i] - mb);
		saa += (a[i] - ma) * (a[i] - ma);
		sbb += (b[i] - mb) * (b[i] - mb);
	}
	if (saa <= 0 || sbb <= 0)
		return NAN;
	return sab / sqrt(saa * sbb);
}

/* Spearman correlation of the predictions and speedups of kernel K's
 * uncensored rows; NAN when it has fewer than 3 of them, a constant side,
 * or no memory. */
static double at_tr_spearman_kernel(const at_tr_data *d,
	const at_tr_kernel *K, const float *pred)
{
	double *buf = malloc(4 * (size_t)K->n * sizeof(double)), rho = NAN;
	double *p = buf, *s = buf + K->n, *rp = s + K->n, *rs = rp + K->n;
	int m = 0;

	if (!buf)
		return NAN;
	for (int r = K->first; r < K->first + K->n; r++)
		if (!d->censored[r]) {
			p[m] = pred[r];
			s[m++] = d->speedup[r];
		}
	if (m >= 3) {
		at_tr_ranks(p, m, rp);
		at_tr_ranks(s, m, rs);
		rho = at_tr_pearson(rp, rs, m);
	}
	free(buf);
	return rho;
}

/* Mean per-kernel Spearman of split s (see at_train.h); counts the
 * kernels used in *used when not NULL.  0 when there is none. */
static double at_tr_spearman_n(const at_tr_data *d, at_tr_split s,
	const float *pred, int *used)
{
	double sum = 0;
	int n = 0;

	for (int k = 0; k < d->n_kernel; k++) {
		double rho;
		if (d->kernels[k].split != s)
			continue;
		rho = at_tr_spearman_kernel(d, &d->kernels[k], pred);
		if (!isnan(rho)) {
			sum += rho;
			n++;
		}
	}
	if (used)
		*used = n;
	return n ? sum / n : 0;
}

/* Mean per-kernel Spearman of split s. */
double at_tr_spearman(const at_tr_data *d, at_tr_split s, const float *pred)
{
	return at_tr_spearman_n(d, s, pred, NULL);
}

/* The best non-keep row of K by prediction, or -1 when it has none. */
static int at_tr_best_row(const at_tr_data *d, const at_tr_kernel *K,
	const float *pred)
{
	int best = -1;

	for (int r = K->first; r < K->first + K->n; r++)
		if (d->role[r] != AT_TR_KEEP && (best < 0 || pred[r] > pred[best]))
			best = r;
	return best;
}

/* The row of K's oracle (best uncensored speedup), or -1 for keep. */
static int at_tr_oracle_row(const at_tr_data *d, const at_tr_kernel *K)
{
	int b = -1;

	for (int r = K->first; r < K->first + K->n; r++)
		if (!d->censored[r] && d->role[r] != AT_TR_KEEP &&
		    d->speedup[r] > (b < 0 ? 1.0 : d->speedup[b]))
			b = r;
	return b;
}

/* The oracle speedup of K: its best measured (uncensored) speedup, at
 * least 1; a censored row's bound is not a measured speedup. */
static double at_tr_oracle(const at_tr_data *d, const at_tr_kernel *K)
{
	int o = at_tr_oracle_row(d, K);

	return o < 0 ? 1.0 : d->speedup[o];
}

/* The row of the model's pick in K with keep margin `margin`, or -1 when
 * it keeps the nest as written. */
static int at_tr_pick(const at_tr_data *d, const at_tr_kernel *K,
	const float *pred, double margin)
{
	int b = at_tr_best_row(d, K, pred);

	return b < 0 || !(pred[b] > margin) ? -1 : b;
}

/* The speedup of pick row b (-1: keep, 1); a censored row counts with
 * its bound (optimistic). */
static double at_tr_pick_speedup(const at_tr_data *d, int b)
{
	return b < 0 ? 1.0 : d->speedup[b];
}

/* Returns 1 when pick row b makes the nest slower than as written: a
 * measured speedup below `limit` (1: slower at all), or any censored row. */
static int at_tr_pick_slower(const at_tr_data *d, int b, double limit)
{
	return b >= 0 && (d->censored[b] || d->speedup[b] < limit);
}

/* The best speedup among keep and the 5 best-predicted non-keep rows. */
static double at_tr_top5_speedup(const at_tr_data *d, const at_tr_kernel *K,
	const float *pred)
{
	float *p = malloc(K->n * sizeof(float));
	int idx[5], n;
	double best = 1;

	if (!p)
		return NAN;
	for (int i = 0; i < K->n; i++)
		p[i] = d->role[K->first + i] == AT_TR_KEEP ? -INFINITY :
			pred[K->first + i];
	n = at_model_topk(p, K->n, 5, idx);
	for (int i = 0; i < n; i++)
		if (d->role[K->first + idx[i]] != AT_TR_KEEP &&
		    d->speedup[K->first + idx[i]] > best)
			best = d->speedup[K->first + idx[i]];
	free(p);
	return best;
}

/* Compares doubles for qsort. */
static int at_tr_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Expected speedup of a random non-keep pick of K (*one) and of the best
 * of keep and 5 distinct random non-keep picks (*five).  Returns 0, or -1
 * when K has no non-keep row (or no memory). */
static int at_tr_random_speedups(const at_tr_data *d, const at_tr_kernel *K,
	double *one, double *five)
{
	double *s = malloc(K->n * sizeof(double)), c5 = 1, p;
	int m = 0;

	if (!s)
		return -1;
	for (int r = K->first; r < K->first + K->n; r++)
		if (d->role[r] != AT_TR_KEEP)
			s[m++] = d->speedup[r];
	if (m == 0) {
		free(s);
		return -1;
	}
	qsort(s, m, sizeof(double), at_tr_cmp_double);
	*one = 0;
	for (int i = 0; i < m; i++)
		*one += s[i] / m;
	*five = s[m - 1] > 1 ? s[m - 1] : 1;
	if (m > 5) {	/* P(max is the i-th smallest) = C(i-1,4) / C(m,5) */
		for (int k = 0; k < 5; k++)
			c5 = c5 * (m - k) / (k + 1);
		*five = 0;
		for (int i = 5; i <= m; i++) {
			p = (double)(i - 1) * (i - 2) * (i - 3) * (i - 4) / 24 / c5;
			*five += p * (s[i - 1] > 1 ? s[i - 1] : 1);
		}
	}
	free(s);
	return 0;
}

/* Sums of fractions for arithmetic and geometric means. */
typedef struct at_tr_mean {
	double sum, logsum;
	int n;
} at_tr_mean;

/* Adds one fraction x (> 0) to a. */
static void at_tr_mean_add(at_tr_mean *a, double x)
{
	a->sum += x;
	a->logsum += log(x);
	a->n++;
}

/* The arithmetic and geometric means of a (NAN when empty). */
static void at_tr_mean_get(const at_tr_mean *a, double *arith, double *geo)
{
	*arith = a->n ? a->sum / a->n : NAN;
	*geo = a->n ? exp(a->logsum / a->n) : NAN;
}

/* Accumulators of at_tr_metrics_compute. */
typedef struct at_tr_acc {
	at_tr_mean one, top5, fixed, rand, rand5, oracle, model;
	double ape;		/* summed over the uncensored rows */
	int ape_rows;
} at_tr_acc;

/* Adds kernel K's fractions to acc and out's counters. */
static void at_tr_kernel_metrics(const at_tr_data *d, const at_tr_kernel *K,
	const float *pred, double margin, at_tr_acc *acc, at_tr_metrics *out)
{
	double oracle = at_tr_oracle(d, K), pick, r1, r5;
	int b;

	out->kernels++;
	out->rows += K->n;
	for (int r = K->first; r < K->first + K->n; r++) {
		out->censored += d->censored[r];
		if (d->censored[r])
			continue;	/* no measured speedup to err from */
		acc->ape += fabs(exp(pred[r]) - d->speedup[r]) / d->speedup[r];
		acc->ape_rows++;
	}
	if (at_tr_random_speedups(d, K, &r1, &r5) < 0)
		return;
	b = at_tr_pick(d, K, pred, margin);
	pick = at_tr_pick_speedup(d, b);
	out->kept += b < 0;
	out->slower += at_tr_pick_slower(d, b, 1);
	out->slower5 += at_tr_pick_slower(d, b, AT_TR_SLOW_FAR);
	out->censored_picks += b >= 0 && d->censored[b];
	at_tr_mean_add(&acc->one, pick / oracle);
	at_tr_mean_add(&acc->model, pick);
	at_tr_mean_add(&acc->oracle, oracle);
	at_tr_mean_add(&acc->top5, at_tr_top5_speedup(d, K, pred) / oracle);
	at_tr_mean_add(&acc->rand, r1 / oracle);
	at_tr_mean_add(&acc->rand5, r5 / oracle);
	if (K->fixed32 >= 0) {
		at_tr_mean_add(&acc->fixed, d->speedup[K->fixed32] / oracle);
		out->fixed_slower += at_tr_pick_slower(d, K->fixed32, 1);
	}
}

/* Computes the metrics of split s (see at_train.h). */
void at_tr_metrics_compute(const at_tr_data *d, at_tr_split s,
	const float *pred, double margin, at_tr_metrics *out)
{
	at_tr_acc acc;
	double unused;

	memset(&acc, 0, sizeof acc);
	memset(out, 0, sizeof(*out));
	out->margin = margin;
	for (int k = 0; k < d->n_kernel; k++)
		if (d->kernels[k].split == s)
			at_tr_kernel_metrics(d, &d->kernels[k], pred, margin,
				&acc, out);
	out->mape = acc.ape_rows ? acc.ape / acc.ape_rows : NAN;
	out->spearman = at_tr_spearman_n(d, s, pred, &out->spearman_kernels);
	at_tr_mean_get(&acc.one, &out->one_arith, &out->one_geo);
	at_tr_mean_get(&acc.top5, &out->top5_arith, &out->top5_geo);
	at_tr_mean_get(&acc.fixed, &out->fixed_arith, &out->fixed_geo);
	out->fixed_kernels = acc.fixed.n;
	at_tr_mean_get(&acc.rand, &out->rand_arith, &out->rand_geo);
	at_tr_mean_get(&acc.rand5, &out->rand5_arith, &out->rand5_geo);
	at_tr_mean_get(&acc.oracle, &unused, &out->oracle_geo);
	at_tr_mean_get(&acc.model, &unused, &out->model_geo);
}

/* Returns the index of nest entry `name` in d's layout, or -1. */
static int at_tr_nest_index(const at_tr_data *d, const char *name)
{
	for (int i = 0; i < d->dn; i++)
		if (!strcmp(d->nest_names[i], name))
			return i;
	return -1;
}

/* Finds the kernels' machines (see at_train.h). */
int at_tr_machines_find(const at_tr_data *d, at_tr_machines *m)
{
	static const char *const names[4] = { "mach_l1d_log2",
		"mach_l2_log2", "mach_l3_log2", "mach_cores" };
	int idx[4];

	memset(m, 0, sizeof(*m));
	m->of = calloc(d->n_kernel + 1, sizeof(int));
	if (!m->of)
		return -1;
	for (int j = 0; j < 4; j++)
		if ((idx[j] = at_tr_nest_index(d, names[j])) < 0)
			return 0;
	for (int k = 0; k < d->n_kernel; k++) {
		const float *x = d->nest + (size_t)k * d->dn;
		float v[4];
		int i;
		for (int j = 0; j < 4; j++)
			v[j] = x[idx[j]];
		for (i = 0; i < m->n && memcmp(m->val[i], v, sizeof(v)); i++)
			;
		if (i == m->n && m->n == AT_TR_MAX_MACH) {
			m->n = 0;
			return 0;
		}
		if (i == m->n)
			memcpy(m->val[m->n++], v, sizeof(v));
		m->of[k] = i;
	}
	return 0;
}

/* Computes the metrics of one machine's kernels (see at_train.h): those
 * of d with every other kernel moved out of the splits. */
int at_tr_metrics_machine(const at_tr_data *d, at_tr_split s,
	const at_tr_machines *m, int i, const float *pred, double margin,
	at_tr_metrics *out)
{
	at_tr_data one = *d;
	at_tr_kernel *k = malloc((d->n_kernel + 1) * sizeof(*k));

	if (!k)
		return -1;
	for (int j = 0; j < d->n_kernel; j++) {
		k[j] = d->kernels[j];
		if (m->of[j] != i)
			k[j].split = AT_TR_N_SPLIT;
	}
	one.kernels = k;
	at_tr_metrics_compute(&one, s, pred, margin, out);
	free(k);
	return 0;
}

/* One-shot geomean fraction and slower count (a censored pick is slower)
 * of split s at margin m. */
static double at_tr_margin_score(const at_tr_data *d, at_tr_split s,
	const float *pred, double m, int *slower)
{
	at_tr_mean a = { 0, 0, 0 };
	double arith, geo;

	*slower = 0;
	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		int b;
		if (K->split != s || at_tr_best_row(d, K, pred) < 0)
			continue;
		b = at_tr_pick(d, K, pred, m);
		*slower += at_tr_pick_slower(d, b, 1);
		at_tr_mean_add(&a, at_tr_pick_speedup(d, b) /
			at_tr_oracle(d, K));
	}
	at_tr_mean_get(&a, &arith, &geo);
	return a.n ? geo : 0;
}

/* Margins the choices try: 0 .. 2 in steps of 0.01. */
#define AT_TR_N_MARGIN 201

/* Fills geo[] and slow[] with at_tr_margin_score of each grid margin
 * and raises *best to the largest geo. */
static void at_tr_margin_grid(const at_tr_data *d, at_tr_split s,
	const float *pred, double *geo, int *slow, double *best)
{
	for (int i = 0; i < AT_TR_N_MARGIN; i++) {
		geo[i] = at_tr_margin_score(d, s, pred, i * 0.01, &slow[i]);
		if (geo[i] > *best)
			*best = geo[i];
	}
}

/* Index of the first of the n entries whose geo is within
 * AT_TR_MARGIN_TOL of best with the fewest slower kernels, or -1. */
static int at_tr_fewest_slower(const double *geo, const int *slow, int n,
	double best)
{
	int pick = -1;

	for (int i = 0; i < n; i++)
		if (geo[i] >= best - AT_TR_MARGIN_TOL &&
		    (pick < 0 || slow[i] < slow[pick]))
			pick = i;
	return pick;
}

/* Chooses the keep margin on split s (see at_train.h). */
double at_tr_choose_margin(const at_tr_data *d, at_tr_split s,
	const float *pred)
{
	double geo[AT_TR_N_MARGIN], best = -1;
	int slow[AT_TR_N_MARGIN], i;

	at_tr_margin_grid(d, s, pred, geo, slow, &best);
	i = at_tr_fewest_slower(geo, slow, AT_TR_N_MARGIN, best);
	return i < 0 ? 0 : i * 0.01;
}

/* The doubts at_tr_choose_doubt tries. */
static const float at_tr_doubts[] = { 0, 0.25, 0.5, 0.75, 1, 1.5, 2 };
#define AT_TR_N_DOUBT (int)(sizeof at_tr_doubts / sizeof *at_tr_doubts)

/* Chooses m's doubt and keep margin on split s (see at_train.h). */
int at_tr_choose_doubt(at_model *m, const at_tr_data *d, at_tr_split s,
	float *pred, double *margin)
{
	double geo[AT_TR_N_DOUBT * AT_TR_N_MARGIN], best = -1;
	int slow[AT_TR_N_DOUBT * AT_TR_N_MARGIN], n = 0, i;

	for (int k = 0; k < AT_TR_N_DOUBT; k++, n += AT_TR_N_MARGIN) {
		if (at_model_set_doubt(m, at_tr_doubts[k]) < 0)
			break;		/* no member biases: doubt 0 only */
		if (at_tr_predict(m, d, s, pred) < 0)
			return -1;
		at_tr_margin_grid(d, s, pred, geo + n, slow + n, &best);
	}
	i = at_tr_fewest_slower(geo, slow, n, best);
	*margin = i < 0 ? 0 : (i % AT_TR_N_MARGIN) * 0.01;
	return at_model_set_doubt(m, i < 0 ? 0 :
		at_tr_doubts[i / AT_TR_N_MARGIN]);
}

/* A row's candidate id for messages. */
static const char *at_tr_id(const at_tr_data *d, int r)
{
	return r < 0 ? "keep" : d->cand_id[r] ? d->cand_id[r] : "?";
}

/* Prints the per-kernel lines of split s (see at_train.h). */
void at_tr_kernels_print(FILE *f, const at_tr_data *d, at_tr_split s,
	const float *pred, double margin)
{
	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		int b, o;
		if (K->split != s)
			continue;
		b = at_tr_pick(d, K, pred, margin);
		o = at_tr_oracle_row(d, K);
		fprintf(f, "kernel %lld: pick %s", K->seed, at_tr_id(d, b));
		if (b >= 0)
			fprintf(f, " (predicted %.2fx) %s%.2fx", exp(pred[b]),
				d->censored[b] ? "at most " : "",
				d->speedup[b]);
		fprintf(f, " | oracle %s %.2fx", at_tr_id(d, o),
			o < 0 ? 1.0 : d->speedup[o]);
		if (K->fixed32 >= 0)
			fprintf(f, " | fixed32 %s%.2fx",
				d->censored[K->fixed32] ? "at most " : "",
				d->speedup[K->fixed32]);
		fprintf(f, "%s\n", at_tr_pick_slower(d, b, 1) ? " | SLOWER" :
			"");
	}
}

/* Prints the metrics as one line. */
void at_tr_metrics_print(FILE *f, const char *label, const at_tr_metrics *m)
{
	fprintf(f, "metrics %s: kernels %d rows %d | MAPE %.1f%% | spearman "
		"%.3f | one-shot %.3f (geo %.3f) | top-5 %.3f (geo %.3f) | "
		"fixed32 %.3f (geo %.3f, %d kernels, %d slower) | random %.3f "
		"(geo %.3f) | random top-5 %.3f (geo %.3f) | slower %d (%d by "
		"more than 5%%) | kept %d | margin %.2f | speedup geo model "
		"%.3f oracle %.3f | censored rows %d picks %d\n", label,
		m->kernels, m->rows, 100 * m->mape, m->spearman, m->one_arith,
		m->one_geo, m->top5_arith, m->top5_geo, m->fixed_arith,
		m->fixed_geo, m->fixed_kernels, m->fixed_slower, m->rand_arith,
		m->rand_geo, m->rand5_arith, m->rand5_geo, m->slower,
		m->slower5, m->kept, m->margin, m->model_geo, m->oracle_geo,
		m->censored, m->censored_picks);
}

/* Returns the metrics as a JSON object, or NULL. */
cJSON *at_tr_metrics_json(const at_tr_metrics *m)
{
	const struct { const char *key; double v; } f[] = {
		{ "kernels", m->kernels }, { "rows", m->rows },
		{ "mape", m->mape }, { "spearman", m->spearman },
		{ "spearman_kernels", m->spearman_kernels },
		{ "one_shot_arith", m->one_arith },
		{ "one_shot_geo", m->one_geo },
		{ "top5_arith", m->top5_arith }, { "top5_geo", m->top5_geo },
		{ "fixed32_arith", m->fixed_arith },
		{ "fixed32_geo", m->fixed_geo },
		{ "fixed32_kernels", m->fixed_kernels },
		{ "fixed32_slower", m->fixed_slower },
		{ "random_arith", m->rand_arith },
		{ "random_geo", m->rand_geo },
		{ "random_top5_arith", m->rand5_arith },
		{ "random_top5_geo", m->rand5_geo },
		{ "slower", m->slower },
		{ "slower_5pct", m->slower5 }, { "kept", m->kept },
		{ "keep_margin", m->margin },
		{ "model_speedup_geo", m->model_geo },
		{ "oracle_speedup_geo", m->oracle_geo },
		{ "censored_rows", m->censored },
		{ "censored_picks", m->censored_picks },
	};
	cJSON *o = cJSON_CreateObject();

	for (size_t i = 0; o && i < sizeof f / sizeof *f; i++)
		if (!cJSON_AddNumberToObject(o, f[i].key, f[i].v)) {
			cJSON_Delete(o);
			return NULL;
		}
	return o;
}
