/*
 * net.c — the network's training on CBLAS: forward and backward passes
 * over minibatches of whole kernels, MSE and pairwise ranking losses
 * (censored rows as upper bounds: at_train.h),
 * Adam, early stopping on validation, weights as JSON (see at_train.h).
 *
 * Shapes (W: rows = inputs, cols = outputs, row-major; y = x W + b):
 *   nest1 dn x e, nest2 e x e, cand1 dc x c, head1 (e + c) x d, head2 d x 1,
 * with the widths e (the nest embedding), c (the candidate layer) and d
 * (the head) all the width h unless set apart (at_tr_opts).
 * A minibatch holds K kernels and R rows: the nest side runs on K rows,
 * its head1 contribution U (K x d) is added to each row of its kernel,
 * exactly as at_model_predict adds it as a bias.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_train.h"
#include "at_blas.h"

/* Activations and gradients of one minibatch (K kernels, R rows). */
typedef struct at_tr_act {
	float *zn, *a1, *h1, *a2, *e, *u, *du, *de, *dh1;	/* K rows */
	float *zc, *c1, *g, *p, *q, *out, *dout, *dq, *dg;	/* R rows */
	int *rk;		/* row -> kernel within the batch */
	int *kfirst, *kn;	/* per batch kernel: first row, rows */
} at_tr_act;

/* The network being trained. */
typedef struct at_tr_net {
	int dn, dc;
	int he, hc, hd;		/* widths: nest embedding, cand1, head1 */
	int rows[AT_MODEL_N_LAYER], cols[AT_MODEL_N_LAYER];
	size_t n_par, off_w[AT_MODEL_N_LAYER], off_b[AT_MODEL_N_LAYER];
	float *par, *grad, *m1, *m2, *best;
	float *avg;		/* moving average of par (opts.ema) */
	long step;
	at_tr_act act;
	int max_k, max_r;
} at_tr_net;

/* splitmix64 step: the trainer's only random number generator. */
static uint64_t at_tr_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A uniform float in [-1, 1). */
static float at_tr_uniform(uint64_t *s)
{
	return (float)((at_tr_rand(s) >> 40) * (2.0 / (1ULL << 24)) - 1.0);
}

/* Default settings. */
void at_tr_opts_default(at_tr_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->epochs = 300;
	o->patience = 40;
	o->batch = 8;
	o->hidden = 32;
	o->seed = 1;
	o->lr = 1e-3f;
	o->wd = 1e-4f;
	o->tau = 0.02f;
	o->rank_top = 2.0f;
	o->over = 1.0f;
	o->loss = AT_TR_BOTH;
}

/* Name of a loss. */
const char *at_tr_loss_name(at_tr_loss l)
{
	return l == AT_TR_MSE ? "mse" : l == AT_TR_RANK ? "rank" : "mse+rank";
}

/* The width of a layer whose option is set (see at_train.h). */
int at_tr_width(int set, int h)
{
	return set > 0 ? set : h;
}

/* Sets the layer shapes and parameter offsets of a net of width h whose
 * candidate layer is hc wide and head1 hd (at_tr_width). */
static void at_tr_shapes(at_tr_net *n, int dn, int dc, int h, int hc, int hd)
{
	int c1 = at_tr_width(hc, h), d = at_tr_width(hd, h);
	int r[AT_MODEL_N_LAYER] = { dn, h, dc, h + c1, d };
	int c[AT_MODEL_N_LAYER] = { h, h, c1, d, 1 };
	size_t off = 0;

	n->dn = dn;
	n->dc = dc;
	n->he = h;
	n->hc = c1;
	n->hd = d;
	for (int l = 0; l < AT_MODEL_N_LAYER; l++) {
		n->rows[l] = r[l];
		n->cols[l] = c[l];
		n->off_w[l] = off;
		off += (size_t)r[l] * c[l];
		n->off_b[l] = off;
		off += c[l];
	}
	n->n_par = off;
}

/* Glorot-uniform weights, zero biases, head2's bias y0. */
static void at_tr_init(at_tr_net *n, uint64_t *rng, float y0)
{
	memset(n->par, 0, n->n_par * sizeof(float));
	for (int l = 0; l < AT_MODEL_N_LAYER; l++) {
		float lim = sqrtf(6.0f / (n->rows[l] + n->cols[l]));
		float *w = n->par + n->off_w[l];
		for (size_t i = 0; i < (size_t)n->rows[l] * n->cols[l]; i++)
			w[i] = lim * at_tr_uniform(rng);
	}
	n->par[n->off_b[AT_LAYER_HEAD2]] = y0;
}

/* Frees the net's arrays. */
static void at_tr_net_free(at_tr_net *n)
{
	at_tr_act *a = &n->act;

	free(n->par);
	free(a->zn);
	free(a->zc);
	free(a->rk);
	free(a->kfirst);
	memset(n, 0, sizeof(*n));
}

/* Allocates the parameters (par, grad, Adam moments, best copy, average in one
 * block) and the activations for batches of up to K kernels and R rows.
 * Returns 0 or -1. */
static int at_tr_net_alloc(at_tr_net *n, int K, int R)
{
	at_tr_act *a = &n->act;
	int e = n->he, c = n->hc, d = n->hd;
	size_t kk = (size_t)K, rr = (size_t)R;

	n->par = calloc(6 * n->n_par, sizeof(float));
	a->zn = malloc(kk * (n->dn + 6 * e + 2 * d) * sizeof(float));
	a->zc = malloc(rr * (n->dc + 3 * c + 3 * d + 2) * sizeof(float));
	a->rk = malloc(rr * sizeof(int));
	a->kfirst = malloc(2 * kk * sizeof(int));
	if (!n->par || !a->zn || !a->zc || !a->rk || !a->kfirst)
		return -1;
	n->grad = n->par + n->n_par;
	n->m1 = n->grad + n->n_par;
	n->m2 = n->m1 + n->n_par;
	n->best = n->m2 + n->n_par;
	n->avg = n->best + n->n_par;
	a->a1 = a->zn + kk * n->dn;
	a->h1 = a->a1 + kk * e;
	a->a2 = a->h1 + kk * e;
	a->e = a->a2 + kk * e;
	a->de = a->e + kk * e;
	a->dh1 = a->de + kk * e;
	a->u = a->dh1 + kk * e;
	a->du = a->u + kk * d;
	a->c1 = a->zc + rr * n->dc;
	a->g = a->c1 + rr * c;
	a->dg = a->g + rr * c;
	a->p = a->dg + rr * c;
	a->q = a->p + rr * d;
	a->dq = a->q + rr * d;
	a->out = a->dq + rr * d;
	a->dout = a->out + rr;
	a->kn = a->kfirst + kk;
	n->max_k = K;
	n->max_r = R;
	return 0;
}

/* y (n x cols) = b broadcast + x (n x rows) W (leading dimension ldw). */
static void at_tr_affine(const float *x, const float *w, int ldw,
	const float *b, int n, int rows, int cols, float *y)
{
	for (int r = 0; r < n; r++)
		memcpy(y + (size_t)r * cols, b, cols * sizeof(float));
	at_blas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, cols, rows,
		1.0f, x, rows, w, ldw, 1.0f, y, cols);
}

/* h = ELU(a) for n values. */
static void at_tr_elu(const float *a, float *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h[i] = a[i] > 0 ? a[i] : expm1f(a[i]);
}

/* dy *= ELU'(a) for n values, h = ELU(a) (ELU'(a) = h + 1 when a <= 0). */
static void at_tr_elu_back(const float *a, const float *h, float *dy,
	size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] <= 0)
			dy[i] *= h[i] + 1.0f;
}

/* The weights of layer l (and its bias). */
#define W(n, l) ((n)->par + (n)->off_w[l])
#define B(n, l) ((n)->par + (n)->off_b[l])
#define GW(n, l) ((n)->grad + (n)->off_w[l])
#define GB(n, l) ((n)->grad + (n)->off_b[l])

/* Forward pass of a batch of K kernels and R rows whose inputs are in
 * act.zn / act.zc and act.rk; predictions in act.out. */
static void at_tr_forward(at_tr_net *n, int K, int R)
{
	at_tr_act *a = &n->act;
	int e = n->he, c = n->hc, d = n->hd;

	at_tr_affine(a->zn, W(n, AT_LAYER_NEST1), e, B(n, AT_LAYER_NEST1), K,
		n->dn, e, a->a1);
	at_tr_elu(a->a1, a->h1, (size_t)K * e);
	at_tr_affine(a->h1, W(n, AT_LAYER_NEST2), e, B(n, AT_LAYER_NEST2), K, e,
		e, a->a2);
	at_tr_elu(a->a2, a->e, (size_t)K * e);
	at_blas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, K, d, e, 1.0f,
		a->e, e, W(n, AT_LAYER_HEAD1), d, 0.0f, a->u, d);
	at_tr_affine(a->zc, W(n, AT_LAYER_CAND1), c, B(n, AT_LAYER_CAND1), R,
		n->dc, c, a->c1);
	at_tr_elu(a->c1, a->g, (size_t)R * c);
	at_tr_affine(a->g, W(n, AT_LAYER_HEAD1) + (size_t)e * d, d,
		B(n, AT_LAYER_HEAD1), R, c, d, a->p);
	for (int r = 0; r < R; r++)
		for (int j = 0; j < d; j++)
			a->p[(size_t)r * d + j] += a->u[(size_t)a->rk[r] * d + j];
	at_tr_elu(a->p, a->q, (size_t)R * d);
	at_tr_affine(a->q, W(n, AT_LAYER_HEAD2), 1, B(n, AT_LAYER_HEAD2), R, d,
		1, a->out);
}

/* gw (rows x cols) = x^T (n x rows) dy (n x cols); gb = column sums of
 * dy. */
static void at_tr_grad_layer(const float *x, const float *dy, int n,
	int rows, int cols, int ldg, float *gw, float *gb)
{
	at_blas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, rows, cols, n,
		1.0f, x, rows, dy, cols, 0.0f, gw, ldg);
	if (!gb)
		return;
	for (int j = 0; j < cols; j++)
		gb[j] = 0;
	for (int r = 0; r < n; r++)
		for (int j = 0; j < cols; j++)
			gb[j] += dy[(size_t)r * cols + j];
}

/* dx (n x rows) = dy (n x cols) W^T (W rows x cols, leading dim ldw). */
static void at_tr_back_data(const float *dy, const float *w, int ldw, int n,
	int rows, int cols, float *dx)
{
	at_blas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, n, rows, cols,
		1.0f, dy, cols, w, ldw, 0.0f, dx, rows);
}

/* Backward pass of the head given act.dout: gradients of head2, head1,
 * and act.dg (cand side) and act.du (nest side). */
static void at_tr_backward_head(at_tr_net *n, int K, int R)
{
	at_tr_act *a = &n->act;
	int e = n->he, c = n->hc, d = n->hd;

	at_tr_grad_layer(a->q, a->dout, R, d, 1, 1, GW(n, AT_LAYER_HEAD2),
		GB(n, AT_LAYER_HEAD2));
	for (int r = 0; r < R; r++)
		for (int j = 0; j < d; j++)
			a->dq[(size_t)r * d + j] = a->dout[r] *
				W(n, AT_LAYER_HEAD2)[j];
	at_tr_elu_back(a->p, a->q, a->dq, (size_t)R * d);
	at_tr_grad_layer(a->g, a->dq, R, c, d, d, GW(n, AT_LAYER_HEAD1) +
		(size_t)e * d, GB(n, AT_LAYER_HEAD1));
	at_tr_back_data(a->dq, W(n, AT_LAYER_HEAD1) + (size_t)e * d, d, R, c, d,
		a->dg);
	memset(a->du, 0, (size_t)K * d * sizeof(float));
	for (int r = 0; r < R; r++)
		for (int j = 0; j < d; j++)
			a->du[(size_t)a->rk[r] * d + j] += a->dq[(size_t)r * d + j];
}

/* Full backward pass (after at_tr_forward and act.dout): fills grad. */
static void at_tr_backward(at_tr_net *n, int K, int R)
{
	at_tr_act *a = &n->act;
	int e = n->he, c = n->hc, d = n->hd;

	at_tr_backward_head(n, K, R);
	at_tr_grad_layer(a->e, a->du, K, e, d, d, GW(n, AT_LAYER_HEAD1), NULL);
	at_tr_back_data(a->du, W(n, AT_LAYER_HEAD1), d, K, e, d, a->de);
	at_tr_elu_back(a->a2, a->e, a->de, (size_t)K * e);
	at_tr_grad_layer(a->h1, a->de, K, e, e, e, GW(n, AT_LAYER_NEST2),
		GB(n, AT_LAYER_NEST2));
	at_tr_back_data(a->de, W(n, AT_LAYER_NEST2), e, K, e, e, a->dh1);
	at_tr_elu_back(a->a1, a->h1, a->dh1, (size_t)K * e);
	at_tr_grad_layer(a->zn, a->dh1, K, n->dn, e, e, GW(n, AT_LAYER_NEST1),
		GB(n, AT_LAYER_NEST1));
	at_tr_elu_back(a->c1, a->g, a->dg, (size_t)R * c);
	at_tr_grad_layer(a->zc, a->dg, R, n->dc, c, c, GW(n, AT_LAYER_CAND1),
		GB(n, AT_LAYER_CAND1));
}

/* One Adam step with decoupled weight decay on the weights (not biases). */
static void at_tr_adam(at_tr_net *n, float lr, float wd)
{
	const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
	float c1, c2;

	n->step++;
	c1 = 1.0f - powf(b1, (float)n->step);
	c2 = 1.0f - powf(b2, (float)n->step);
	for (size_t i = 0; i < n->n_par; i++) {
		float g = n->grad[i];
		n->m1[i] = b1 * n->m1[i] + (1 - b1) * g;
		n->m2[i] = b2 * n->m2[i] + (1 - b2) * g * g;
		n->par[i] -= lr * (n->m1[i] / c1) / (sqrtf(n->m2[i] / c2) + eps);
	}
	for (int l = 0; l < AT_MODEL_N_LAYER; l++) {
		float *w = W(n, l);
		for (size_t i = 0; i < (size_t)n->rows[l] * n->cols[l]; i++)
			w[i] -= lr * wd * w[i];
	}
}

/* Moves n->avg towards n->par after a step: avg += (1 - b) (par - avg),
 * b the smaller of `decay` and (1 + step) / (10 + step), so the first
 * steps' parameters, near the random start, soon weigh little. */
static void at_tr_average(at_tr_net *n, float decay)
{
	float b = (1.0f + n->step) / (10.0f + n->step);

	if (decay < b)
		b = decay;
	for (size_t i = 0; i < n->n_par; i++)
		n->avg[i] += (1 - b) * (n->par[i] - n->avg[i]);
}

/* Copies the normalised inputs of the batch kernels ks[0..K-1] of d into
 * act; returns the number of rows R. */
static int at_tr_gather(at_tr_net *n, const at_tr_data *d,
	const at_tr_norm *nm, const int *ks, int K)
{
	at_tr_act *a = &n->act;
	int R = 0;

	for (int b = 0; b < K; b++) {
		const at_tr_kernel *k = &d->kernels[ks[b]];
		const float *x = d->nest + (size_t)ks[b] * d->dn;
		for (int j = 0; j < d->dn; j++)
			a->zn[(size_t)b * d->dn + j] = (x[j] - nm->nest_mean[j]) /
				nm->nest_std[j];
		a->kfirst[b] = R;
		a->kn[b] = k->n;
		for (int r = 0; r < k->n; r++, R++) {
			const float *c = d->cand + (size_t)(k->first + r) * d->dc;
			for (int j = 0; j < d->dc; j++)
				a->zc[(size_t)R * d->dc + j] =
					(c[j] - nm->cand_mean[j]) / nm->cand_std[j];
			a->rk[R] = b;
		}
	}
	return R;
}

/* Adds uniform noise of standard deviation sigma to the normalised inputs
 * of the batch just gathered (K kernels, R rows), but not to the inputs
 * constant over the training rows (nm's *_const: never trained on). */
static void at_tr_perturb(at_tr_net *n, const at_tr_norm *nm, int K, int R,
	float sigma, uint64_t *rng)
{
	float s = sigma * 1.7320508f;	/* [-1, 1) has deviation 1 / sqrt 3 */

	for (size_t i = 0; i < (size_t)K * n->dn; i++)
		if (!nm->nest_const[i % n->dn])
			n->act.zn[i] += s * at_tr_uniform(rng);
	for (size_t i = 0; i < (size_t)R * n->dc; i++)
		if (!nm->cand_const[i % n->dc])
			n->act.zc[i] += s * at_tr_uniform(rng);
}

/* The weight of a target of variance v under timing-noise scale s2 (the
 * square of --spread-weight): s2 / (s2 + v), or 1 when s2 <= 0. */
static float at_tr_noise_weight(float s2, float v)
{
	return s2 > 0 ? s2 / (s2 + v) : 1.0f;
}

/* The squared-error part of one kernel, censored rows one-sided (see
 * at_train.h). */
double at_tr_mse_loss(const float *p, const float *y,
	const unsigned char *c, int n, float over, const float *var, float s2,
	float scale, float *dp)
{
	double loss = 0;

	for (int i = 0; i < n; i++) {
		float e = p[i] - y[i], w = e > 0 ? over : 1;
		if (var)
			w *= at_tr_noise_weight(s2, var[i]);
		if (c[i] && e <= 0)
			continue;	/* below the bound: consistent */
		loss += (double)w * e * e;
		dp[i] += 2.0f * w * e * scale;
	}
	return loss * scale;
}

/* Whether rows i and j form a ranking pair (see at_train.h). */
int at_tr_rank_pair(const float *y, const unsigned char *c, int i, int j,
	float tau)
{
	return !c[i] && y[i] - y[j] > tau;
}

/* Number of ranking pairs of one kernel's rows (see at_train.h). */
int at_tr_count_pairs(const float *y, const unsigned char *c, int n,
	float tau)
{
	int count = 0;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			count += at_tr_rank_pair(y, c, i, j, tau);
	return count;
}

/* Pairwise logistic loss of one kernel (see at_train.h). */
double at_tr_rank_loss(const float *p, const float *y,
	const unsigned char *c, int n, float tau, float top, const float *var,
	float s2, float scale, float *dp, int *pairs)
{
	double loss = 0;
	float best = -INFINITY;	/* only read for an uncensored row i */

	for (int i = 0; i < n; i++)
		if (!c[i] && y[i] > best)
			best = y[i];
	for (int i = 0; i < n; i++) {
		float w = top > 0 && !c[i] ?
			2 * top * expf(top * (y[i] - best)) : 1;
		for (int j = 0; j < n; j++) {
			float z, s, wij = w;
			if (!at_tr_rank_pair(y, c, i, j, tau))
				continue;
			if (var)
				wij *= at_tr_noise_weight(s2, var[i] + var[j]);
			z = p[i] - p[j];
			s = wij / (1.0f + expf(z));	/* wij sigmoid(-z) */
			loss += wij * (z > 0 ? log1p(exp(-z)) :
				-z + log1p(exp(z)));
			dp[i] -= scale * s;
			dp[j] += scale * s;
			(*pairs)++;
		}
	}
	return loss;
}

/* Sets act.dout to the loss gradient for the batch (targets and
 * censoring flags from d for kernels ks[]); returns the loss: the mean
 * over the batch's R rows of the squared error (one-sided on censored
 * rows) and/or the weighted logistic loss of its ranking pairs summed
 * and divided by their number (weights: at_tr_rank_loss, o->rank_top). */
static double at_tr_loss_grad(at_tr_net *n, const at_tr_data *d,
	const int *ks, int K, int R, const at_tr_opts *o)
{
	at_tr_act *a = &n->act;
	double loss = 0;
	int pairs = 0, np = 0;
	float s2 = o->spread_weight * o->spread_weight;
	/* without --spread-weight every target weighs 1: no variances */
	const float *lv = s2 > 0 ? d->label_var : NULL;
	const float *rv = s2 > 0 ? d->row_var : NULL;

	memset(a->dout, 0, R * sizeof(float));
	for (int b = 0; o->loss != AT_TR_RANK && b < K; b++) {
		const at_tr_kernel *k = &d->kernels[ks[b]];
		loss += at_tr_mse_loss(a->out + a->kfirst[b], d->y + k->first,
			d->censored + k->first, k->n, o->over,
			lv ? lv + k->first : NULL, s2,
			1.0f / R, a->dout + a->kfirst[b]);
	}
	if (o->loss == AT_TR_MSE)
		return loss;
	for (int b = 0; b < K; b++) {
		const at_tr_kernel *k = &d->kernels[ks[b]];
		np += at_tr_count_pairs(d->y + k->first, d->censored + k->first,
			k->n, o->tau);
	}
	for (int b = 0; np > 0 && b < K; b++) {
		const at_tr_kernel *k = &d->kernels[ks[b]];
		loss += at_tr_rank_loss(a->out + a->kfirst[b], d->y + k->first,
			d->censored + k->first, k->n, o->tau, o->rank_top,
			rv ? rv + k->first : NULL, s2,
			1.0f / np, a->dout + a->kfirst[b], &pairs) / np;
	}
	return loss;
}

/* Returns a JSON array of the n floats v, each written with the 9
 * significant digits that bring back the same float (shorter files than
 * cJSON_CreateFloatArray's 17), or NULL. */
cJSON *at_tr_floats_json(const float *v, int n)
{
	cJSON *a = cJSON_CreateArray();
	char buf[32];

	for (int i = 0; a && i < n; i++) {
		snprintf(buf, sizeof buf, "%.9g", v[i]);
		if (!cJSON_AddItemToArray(a, cJSON_CreateNumber(strtod(buf,
		    NULL)))) {
			cJSON_Delete(a);
			return NULL;
		}
	}
	return a;
}

/* Appends a layer object {name, rows, cols, w, b} of n's layer l (w and b
 * taken from par) to the array arr.  Returns 0 or -1. */
static int at_tr_layer_json(const at_tr_net *n, const float *par, int l,
	cJSON *arr)
{
	cJSON *o = cJSON_CreateObject();
	int size = n->rows[l] * n->cols[l];

	if (!o || !cJSON_AddItemToArray(arr, o))
		goto error;
	if (!cJSON_AddStringToObject(o, "name", at_model_layer_name(l)) ||
	    !cJSON_AddNumberToObject(o, "rows", n->rows[l]) ||
	    !cJSON_AddNumberToObject(o, "cols", n->cols[l]) ||
	    !cJSON_AddItemToObject(o, "w", at_tr_floats_json(par +
		n->off_w[l], size)) ||
	    !cJSON_AddItemToObject(o, "b", at_tr_floats_json(par +
		n->off_b[l], n->cols[l])))
		return -1;
	return 0;
error:
	cJSON_Delete(o);
	return -1;
}

/* Adds the string array v[0..k-1] to o under key.  Returns 0 or -1. */
static int at_tr_add_names(cJSON *o, const char *key, char **v, int k)
{
	cJSON *a = cJSON_CreateStringArray((const char *const *)v, k);

	if (!a || !cJSON_AddItemToObject(o, key, a)) {
		cJSON_Delete(a);
		return -1;
	}
	return 0;
}

/* Returns the "norm" object of nm (dn, dc floats), or NULL. */
static cJSON *at_tr_norm_json(const at_tr_norm *nm, int dn, int dc)
{
	cJSON *o = cJSON_CreateObject();

	if (!o || !cJSON_AddItemToObject(o, "nest_mean",
		at_tr_floats_json(nm->nest_mean, dn)) ||
	    !cJSON_AddItemToObject(o, "nest_std",
		at_tr_floats_json(nm->nest_std, dn)) ||
	    !cJSON_AddItemToObject(o, "cand_mean",
		at_tr_floats_json(nm->cand_mean, dc)) ||
	    !cJSON_AddItemToObject(o, "cand_std",
		at_tr_floats_json(nm->cand_std, dc))) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* Returns the weights object of n's parameters par with names and norm
 * (keep_margin 0), or NULL. */
static cJSON *at_tr_weights(const at_tr_net *n, const float *par,
	const char *layout, char **nest_names, char **cand_names,
	const at_tr_norm *nm)
{
	cJSON *o = cJSON_CreateObject(), *layers, *no;

	if (!o || !cJSON_AddNumberToObject(o, "schema", AT_MODEL_SCHEMA) ||
	    !cJSON_AddStringToObject(o, "layout", layout) ||
	    at_tr_add_names(o, "nest_names", nest_names, n->dn) < 0 ||
	    at_tr_add_names(o, "cand_names", cand_names, n->dc) < 0)
		goto error;
	no = at_tr_norm_json(nm, n->dn, n->dc);
	if (!no || !cJSON_AddItemToObject(o, "norm", no)) {
		cJSON_Delete(no);
		goto error;
	}
	if (!cJSON_AddNumberToObject(o, "keep_margin", 0) ||
	    !(layers = cJSON_AddArrayToObject(o, "layers")))
		goto error;
	for (int l = 0; l < AT_MODEL_N_LAYER; l++)
		if (at_tr_layer_json(n, par, l, layers) < 0)
			goto error;
	return o;
error:
	cJSON_Delete(o);
	return NULL;
}

/* Returns a weights object of random parameters (see at_train.h). */
cJSON *at_tr_random_weights(const char *layout, int dn, int dc, int hidden,
	unsigned long long seed)
{
	at_tr_net n;
	at_tr_norm nm = { 0 };
	uint64_t rng = seed;
	char **nn = calloc(dn, sizeof(char *)), **cn = calloc(dc, sizeof(char *));
	cJSON *o = NULL;

	memset(&n, 0, sizeof n);
	at_tr_shapes(&n, dn, dc, hidden, 0, 0);
	nm.nest_mean = calloc(dn, sizeof(float));
	nm.cand_mean = calloc(dc, sizeof(float));
	nm.nest_std = malloc(dn * sizeof(float));
	nm.cand_std = malloc(dc * sizeof(float));
	n.par = malloc(n.n_par * sizeof(float));
	if (!nn || !cn || !nm.nest_mean || !nm.cand_mean || !nm.nest_std ||
	    !nm.cand_std || !n.par)
		goto error;
	for (int i = 0; i < dn; i++)
		nm.nest_std[i] = 1;
	for (int i = 0; i < dc; i++)
		nm.cand_std[i] = 1;
	for (int i = 0; i < dn; i++)
		nn[i] = "nest";
	for (int i = 0; i < dc; i++)
		cn[i] = "cand";
	at_tr_init(&n, &rng, 0);
	o = at_tr_weights(&n, n.par, layout, nn, cn, &nm);
error:
	free(n.par);
	free(nn);
	free(cn);
	at_tr_norm_free(&nm);
	return o;
}

/* Shuffles v[0..n-1] (Fisher-Yates). */
static void at_tr_shuffle(int *v, int n, uint64_t *rng)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(at_tr_rand(rng) % (uint64_t)(i + 1)), t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* The training kernels of d in *ks (new array) and the largest number of
 * rows any `batch` of them can have in *max_r.  Returns their count, or
 * -1 when out of memory. */
static int at_tr_train_kernels(const at_tr_data *d, int batch, int **ks,
	int *max_r)
{
	int n = 0, *sizes, *v = malloc((d->n_kernel + 1) * sizeof(int));

	sizes = malloc((d->n_kernel + 1) * sizeof(int));
	if (!v || !sizes) {
		free(v);
		free(sizes);
		return -1;
	}
	for (int k = 0; k < d->n_kernel; k++)
		if (d->kernels[k].split == AT_TR_TRAIN)
			sizes[n] = d->kernels[k].n, v[n++] = k;
	*max_r = 0;
	for (int b = 0; b < batch && b < n; b++) {	/* the batch largest */
		int best = b;
		for (int i = b + 1; i < n; i++)
			if (sizes[i] > sizes[best])
				best = i;
		*max_r += sizes[best];
		sizes[best] = sizes[b];
	}
	free(sizes);
	*ks = v;
	return n;
}

/* Mean of the uncensored training targets (a bound is not a value). */
static float at_tr_mean_y(const at_tr_data *d)
{
	double s = 0;
	int c = 0;

	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		if (K->split != AT_TR_TRAIN)
			continue;
		for (int r = K->first; r < K->first + K->n; r++)
			if (!d->censored[r]) {
				s += d->y[r];
				c++;
			}
	}
	return c ? (float)(s / c) : 0.0f;
}

/* One epoch over the training kernels ks[0..nk-1] (shuffled in place).
 * Returns the mean batch loss. */
static double at_tr_epoch(at_tr_net *n, const at_tr_data *d,
	const at_tr_norm *nm, int *ks, int nk, const at_tr_opts *o,
	uint64_t *rng)
{
	double loss = 0;
	int batches = 0;

	at_tr_shuffle(ks, nk, rng);
	for (int i = 0; i < nk; i += o->batch) {
		int K = nk - i < o->batch ? nk - i : o->batch;
		int R = at_tr_gather(n, d, nm, ks + i, K);
		if (o->noise > 0)
			at_tr_perturb(n, nm, K, R, o->noise, rng);
		at_tr_forward(n, K, R);
		loss += at_tr_loss_grad(n, d, ks + i, K, R, o);
		at_tr_backward(n, K, R);
		at_tr_adam(n, o->lr, o->wd);
		if (o->ema > 0)
			at_tr_average(n, o->ema);
		batches++;
	}
	return batches ? loss / batches : 0;
}

/* Writes the predictions of the parameters par of n for every row of
 * split s into pred, through the weights format and at_model (the code
 * path of autotile).  Returns 0 or -1 (out of memory). */
static int at_tr_predict_par(const at_tr_net *n, const float *par,
	const at_tr_data *d, const at_tr_norm *nm, at_tr_split s, float *pred)
{
	cJSON *w = at_tr_weights(n, par, d->layout, d->nest_names,
		d->cand_names, nm);
	at_model *m = w ? at_model_from_json(w, "(training)", d->layout, d->dn,
		d->dc, NULL, 0) : NULL;
	int rc = m ? at_tr_predict(m, d, s, pred) : -1;

	at_model_free(m);
	cJSON_Delete(w);
	return rc;
}

/* Validation Spearman of the parameters par of n (through at_model), or
 * -2 on error. */
static double at_tr_val_score(const at_tr_net *n, const float *par,
	const at_tr_data *d, const at_tr_norm *nm, float *pred)
{
	if (at_tr_predict_par(n, par, d, nm, AT_TR_VAL, pred) < 0)
		return -2;
	return at_tr_spearman(d, AT_TR_VAL, pred);
}

/* Least-squares a, b of y ~ a p + b over the uncensored training rows
 * (for the rank loss, whose outputs have no scale); a <= 0 falls back to
 * a = 1. */
static void at_tr_calibrate(const at_tr_data *d, const float *pred,
	float *a, float *b)
{
	double sp = 0, sy = 0, spp = 0, spy = 0, c = 0, var;

	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		if (K->split != AT_TR_TRAIN)
			continue;
		for (int r = K->first; r < K->first + K->n; r++) {
			if (d->censored[r])
				continue;
			c++;
			sp += pred[r];
			sy += d->y[r];
			spp += (double)pred[r] * pred[r];
			spy += (double)pred[r] * d->y[r];
		}
	}
	var = c > 0 ? spp / c - (sp / c) * (sp / c) : 0;
	*a = var > 1e-12 ? (float)((spy / c - sp / c * sy / c) / var) : 1.0f;
	if (!(*a > 0))
		*a = 1.0f;
	*b = c > 0 ? (float)(sy / c - *a * sp / c) : 0.0f;
}

/* Rescales the output of the best parameters of n to calibrated
 * log-speedups (see at_tr_calibrate).  Returns 0 or -1. */
static int at_tr_rescale(at_tr_net *n, const at_tr_data *d,
	const at_tr_norm *nm, float *pred)
{
	float a, b;

	if (at_tr_predict_par(n, n->best, d, nm, AT_TR_TRAIN, pred) < 0)
		return -1;
	at_tr_calibrate(d, pred, &a, &b);
	for (int j = 0; j < n->hd; j++)
		n->best[n->off_w[AT_LAYER_HEAD2] + j] *= a;
	n->best[n->off_b[AT_LAYER_HEAD2]] =
		a * n->best[n->off_b[AT_LAYER_HEAD2]] + b;
	return 0;
}

/* The training loop: epochs with early stopping (o->fixed: none, every
 * epoch's parameters replace the last); the kept parameters end in
 * n->best, the epochs in run.  Returns the best validation score (0 when
 * fixed), or -2 on error. */
static double at_tr_loop(at_tr_net *n, const at_tr_data *d,
	const at_tr_norm *nm, int *ks, int nk, const at_tr_opts *o,
	float *pred, at_tr_run *run)
{
	uint64_t rng = o->seed * 0x2545f4914f6cdd1dULL + 1;
	double best = -3;
	int since = 0, e;

	at_tr_init(n, &rng, at_tr_mean_y(d));
	memcpy(n->avg, n->par, n->n_par * sizeof(float));
	for (e = 0; e < o->epochs && since < o->patience; e++) {
		double loss = at_tr_epoch(n, d, nm, ks, nk, o, &rng);
		const float *par = o->ema > 0 ? n->avg : n->par;
		double s = o->fixed ? 0 : at_tr_val_score(n, par, d, nm, pred);
		if (s < -1.5)
			return -2;
		if (o->fixed || s > best) {
			best = s;
			since = 0;
			run->best = e + 1;
			memcpy(n->best, par, n->n_par * sizeof(float));
		} else {
			since++;
		}
		if (o->verbose)
			fprintf(stderr, "  %s h=%d epoch %d: train loss %.4f, "
				"val spearman %.4f%s\n", at_tr_loss_name(o->loss),
				n->he, e + 1, loss, s, since ? "" : " *");
	}
	run->epochs = e;
	return best;
}

/* Zeroes in par the rows of layer l's weights for the inputs marked in
 * constant (NULL: none). */
static void at_tr_zero_rows(const at_tr_net *n, float *par, int l,
	const unsigned char *constant)
{
	for (int j = 0; constant && j < n->rows[l]; j++)
		if (constant[j])
			memset(par + n->off_w[l] + (size_t)j * n->cols[l], 0,
				n->cols[l] * sizeof(float));
}

/* Zeroes the first-layer weights of the features constant in training
 * (see at_tr_train in at_train.h). */
static void at_tr_zero_unseen(const at_tr_net *n, float *par,
	const at_tr_norm *nm)
{
	at_tr_zero_rows(n, par, AT_LAYER_NEST1, nm->nest_const);
	at_tr_zero_rows(n, par, AT_LAYER_CAND1, nm->cand_const);
}

/* Trains one network (see at_train.h). */
cJSON *at_tr_train(const at_tr_data *d, const at_tr_norm *nm,
	const at_tr_opts *o, at_tr_run *run, char *err, size_t errlen)
{
	at_tr_net n;
	int *ks = NULL, nk, max_r = 0, maxk;
	float *pred = malloc((d->n_row + 1) * sizeof(float));
	cJSON *w = NULL;

	memset(&n, 0, sizeof n);
	nk = at_tr_train_kernels(d, o->batch, &ks, &max_r);
	maxk = nk < o->batch ? nk : o->batch;
	if (!pred || nk < 0) {
		snprintf(err, errlen, "out of memory");
		goto error;
	}
	if (at_blas_init(0, err, errlen) < 0)
		goto error;
	if (nk == 0 || o->hidden < 1 || o->batch < 1) {
		snprintf(err, errlen, "no training kernels (of %d) or bad "
			"settings", d->n_kernel);
		goto error;
	}
	at_tr_shapes(&n, d->dn, d->dc, o->hidden, o->cand_width,
		o->head_width);
	if (at_tr_net_alloc(&n, maxk, max_r) < 0) {
		snprintf(err, errlen, "out of memory");
		goto error;
	}
	memset(run, 0, sizeof *run);
	run->val = at_tr_loop(&n, d, nm, ks, nk, o, pred, run);
	if (run->val < -1.5 || (o->loss == AT_TR_RANK &&
	    at_tr_rescale(&n, d, nm, pred) < 0)) {
		snprintf(err, errlen, "out of memory");
		goto error;
	}
	at_tr_zero_unseen(&n, n.best, nm);
	w = at_tr_weights(&n, n.best, d->layout, d->nest_names, d->cand_names,
		nm);
	if (!w)
		snprintf(err, errlen, "out of memory");
error:
	at_tr_net_free(&n);
	free(ks);
	free(pred);
	return w;
}

/* The loss of the batch already gathered in n's activations (kernels
 * ks[0..K-1], R rows) at the current parameters. */
static double at_tr_batch_loss(at_tr_net *n, const at_tr_data *d,
	const int *ks, int K, int R, const at_tr_opts *o)
{
	at_tr_forward(n, K, R);
	return at_tr_loss_grad(n, d, ks, K, R, o);
}

/* Largest relative difference between the backward pass's gradient and
 * central differences of the loss (see at_train.h). */
double at_tr_grad_check(const at_tr_data *d, const at_tr_norm *nm,
	const at_tr_opts *o)
{
	at_tr_net n;
	uint64_t rng = o->seed;
	int *ks = NULL, nk, max_r, K, R;
	double worst = -1;
	const float h = 1e-2f;

	memset(&n, 0, sizeof n);
	nk = at_tr_train_kernels(d, o->batch, &ks, &max_r);
	K = nk < o->batch ? nk : o->batch;
	at_tr_shapes(&n, d->dn, d->dc, o->hidden, o->cand_width,
		o->head_width);
	if (nk < 1 || at_tr_net_alloc(&n, K, max_r) < 0)
		goto error;
	at_tr_init(&n, &rng, 0.1f);
	R = at_tr_gather(&n, d, nm, ks, K);
	at_tr_batch_loss(&n, d, ks, K, R, o);
	at_tr_backward(&n, K, R);
	worst = 0;
	for (size_t i = 0; i < n.n_par; i += 1 + n.n_par / 200) {
		float p = n.par[i], g = n.grad[i];
		double lp, lm, num, e;
		n.par[i] = p + h;
		lp = at_tr_batch_loss(&n, d, ks, K, R, o);
		n.par[i] = p - h;
		lm = at_tr_batch_loss(&n, d, ks, K, R, o);
		n.par[i] = p;
		num = (lp - lm) / (2 * h);
		e = fabs(num - g) / fmax(fabs(num) + fabs(g), 1e-2);
		if (e > worst)
			worst = e;
	}
error:
	at_tr_net_free(&n);
	free(ks);
	return worst;
}
