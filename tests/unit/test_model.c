/*
 * test_model.c — unit tests of the cost model (src/model.c) and the
 * trainer's core (src/train/): loading tests/model/small.json, predictions
 * and attributions against a reference computed here with plain double
 * loops, one-line errors for corrupt weights, top-k and the keep rule,
 * the training-row reader, the metrics on a hand-computed kernel, the
 * split, and training on a synthetic data set with a known rule.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "at_test.h"
#include "at_model.h"
#include "at_blas.h"
#include "at_train.h"

#define SMALL "tests/model/small.json"

/* The weights of tests/model/small.json, typed in again for the
 * reference. */
static const double NM[3] = { 1.0, -2.0, 0.5 }, NS[3] = { 2.0, 0.5, 1.0 };
static const double CM[2] = { 0.25, 3.0 }, CS[2] = { 1.5, 4.0 };
static const double W1[3][2] = { { 0.5, -0.25 }, { 0.75, 0.125 },
	{ -1.0, 0.3 } }, B1[2] = { 0.1, -0.2 };
static const double W2[2][2] = { { 0.6, -0.4 }, { 0.2, 0.9 } },
	B2[2] = { -0.05, 0.15 };
static const double WC[2][2] = { { 1.2, -0.7 }, { -0.3, 0.8 } },
	BC[2] = { 0.0, -0.1 };
static const double WH1[4][3] = { { 0.3, -0.6, 0.2 }, { 0.5, 0.4, -0.3 },
	{ -0.8, 0.25, 0.6 }, { 0.35, -0.45, 0.7 } }, BH1[3] = { 0.05, -0.1, 0.2 };
static const double WH2[3] = { 0.9, -1.1, 0.65 }, BH2 = 0.02;

/* ELU in double. */
static double ref_elu(double x)
{
	return x > 0 ? x : expm1(x);
}

/* The reference prediction of small.json for one nest and candidate. */
static double ref_pred(const double *nest, const double *cand)
{
	double h1[2], cat[4], q[3], y = BH2;

	for (int j = 0; j < 2; j++) {
		double s = B1[j];
		for (int i = 0; i < 3; i++)
			s += (nest[i] - NM[i]) / NS[i] * W1[i][j];
		h1[j] = ref_elu(s);
	}
	for (int j = 0; j < 2; j++) {
		double s = B2[j], t = BC[j];
		for (int i = 0; i < 2; i++) {
			s += h1[i] * W2[i][j];
			t += (cand[i] - CM[i]) / CS[i] * WC[i][j];
		}
		cat[j] = ref_elu(s);
		cat[2 + j] = ref_elu(t);
	}
	for (int j = 0; j < 3; j++) {
		double s = BH1[j];
		for (int i = 0; i < 4; i++)
			s += cat[i] * WH1[i][j];
		q[j] = ref_elu(s);
		y += q[j] * WH2[j];
	}
	return y;
}

/* A deterministic pseudo-random double in [lo, hi). */
static double rnd(uint64_t *s, double lo, double hi)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return lo + (hi - lo) * ((*s >> 11) * (1.0 / 9007199254740992.0));
}

/* The largest difference between the predictions out[0..n-1] of
 * small.json for the nest nd and the candidates c (n rows of 2) and the
 * double reference's. */
static double worst_error(const double *nd, const float *c, int n,
	const float *out)
{
	double worst = 0;

	for (int i = 0; i < n; i++) {
		double cd[2] = { c[2 * i], c[2 * i + 1] };
		double e = fabs(out[i] - ref_pred(nd, cd));
		if (e > worst)
			worst = e;
	}
	return worst;
}

/* Predictions of small.json with a shared first entry: c's N rows (2
 * entries) rewritten so that runs of 1 to 9 rows share their first one,
 * scored with shared = 1 and checked against the double reference;
 * shared out of range is refused. */
static void test_predict_shared(const at_model *m, const float *nest,
	const double *nd, float *c, int n, float *out)
{
	double worst;
	int runs = 0;

	for (int i = 0, len = 1; i < n; i += len, len = len % 9 + 1, runs++)
		for (int j = i + 1; j < i + len && j < n; j++)
			c[2 * j] = c[2 * i];
	AT_CHECK(at_model_predict(m, nest, c, n, 1, out) == 0,
		"predict %d rows in %d runs of a shared first entry", n, runs);
	worst = worst_error(nd, c, n, out);
	AT_CHECK(worst < 2e-5, "%d predictions with a shared first entry "
		"within 2e-5 of the double reference (worst %.2g)", n, worst);
	AT_CHECK(at_model_predict(m, nest, c, n, 3, out) == -1 &&
		at_model_predict(m, nest, c, n, -1, out) == -1,
		"a shared prefix longer than a row or negative is refused");
}

/* Predictions of small.json: a few hand-picked inputs (both ELU branches,
 * saturated ones) and 1500 random candidates (three chunks). */
static void test_predict(const at_model *m)
{
	static const float nest[3] = { 3.0f, -2.5f, 0.25f };
	static const float hand[5][2] = { { 0, 0 }, { 0.25f, 3.0f },
		{ -4.0f, 20.0f }, { 6.0f, -30.0f }, { -200.0f, 150.0f } };
	enum { N = 1500 };
	float *c = malloc(N * 2 * sizeof(float)), *out = malloc(N * sizeof(float));
	double nd[3] = { 3.0, -2.5, 0.25 }, worst;
	uint64_t s = 7;

	for (int i = 0; i < N; i++) {
		c[2 * i] = i < 5 ? hand[i][0] : (float)rnd(&s, -8, 8);
		c[2 * i + 1] = i < 5 ? hand[i][1] : (float)rnd(&s, -20, 30);
	}
	AT_CHECK_INT(at_model_predict(m, nest, c, N, 0, out), 0, "predict 1500");
	worst = worst_error(nd, c, N, out);
	AT_CHECK(worst < 2e-5, "1500 predictions within 2e-5 of the double "
		"reference (worst %.2g)", worst);
	AT_CHECK(fabs(out[0] - ref_pred(nd, (double[]){ 0, 0 })) < 2e-5 &&
		fabs(out[4] - ref_pred(nd, (double[]){ -200, 150 })) < 2e-5,
		"hand-picked candidates: %.6f %.6f", out[0], out[4]);
	AT_CHECK_INT(at_model_predict(m, nest, c, 0, 0, out), 0, "predict n = 0");
	test_predict_shared(m, nest, nd, c, N, out);
	free(c);
	free(out);
}

/* Attributions against central differences of the reference. */
static void test_explain(const at_model *m)
{
	const float nest[3] = { 0.4f, -1.0f, 2.0f }, cand[2] = { -0.5f, 5.0f };
	double nd[3] = { 0.4, -1.0, 2.0 }, cd[2] = { -0.5, 5.0 }, worst = 0;
	float na[3], ca[2], pred;
	const double h = 1e-4;

	AT_CHECK_INT(at_model_explain(m, nest, cand, na, ca, &pred), 0,
		"explain returns 0");
	for (int i = 0; i < 5; i++) {
		double *x = i < 3 ? &nd[i] : &cd[i - 3], x0 = *x, g, a;
		double mean = i < 3 ? NM[i] : CM[i - 3];
		*x = x0 + h;
		g = ref_pred(nd, cd);
		*x = x0 - h;
		g = (g - ref_pred(nd, cd)) / (2 * h);
		*x = x0;
		a = g * (x0 - mean);
		a = fabs((i < 3 ? na[i] : ca[i - 3]) - a);
		if (a > worst)
			worst = a;
	}
	AT_CHECK(worst < 1e-4, "gradient x input matches central differences "
		"(worst %.2g)", worst);
	AT_CHECK(fabs(pred - ref_pred(nd, cd)) < 2e-5, "explain's prediction "
		"%.6f equals the reference", pred);
}

/* Accessors of small.json. */
static void test_accessors(const at_model *m)
{
	int h[4];

	at_model_hidden(m, h);
	AT_CHECK(h[0] == 2 && h[1] == 2 && h[2] == 2 && h[3] == 3,
		"hidden sizes 2 2 2 3 (got %d %d %d %d)", h[0], h[1], h[2], h[3]);
	AT_CHECK(fabsf(at_model_keep_margin(m) - 0.1f) < 1e-7,
		"keep margin 0.1");
	AT_CHECK(at_model_blocks(m) == 1, "a dense head1 is one block (got "
		"%d)", at_model_blocks(m));
	AT_CHECK_STR(at_model_nest_name(m, 2), "n_c", "nest name 2");
	AT_CHECK_STR(at_model_cand_name(m, 0), "c_a", "cand name 0");
	AT_CHECK(at_model_nest_name(m, 3) == NULL, "nest name 3 is NULL");
	AT_CHECK(at_model_number(m, "machine", "l2") == 1048576,
		"machine.l2 from the weights");
	AT_CHECK(isnan(at_model_number(m, "machine", "l9")),
		"absent machine key is NAN");
	AT_CHECK(at_model_info(m, "metrics") != NULL &&
		at_model_info(m, "dataset") == NULL, "info objects");
}

/* top-k and the keep rule. */
static void test_topk_pick(const at_model *m)
{
	const float s[7] = { 0.5f, 2.0f, -1.0f, 2.0f, 7.0f, 0.0f, 1.0f };
	const float low[3] = { 0.05f, 0.1f, -3.0f };
	int idx[7], n;

	n = at_model_topk(s, 7, 3, idx);
	AT_CHECK(n == 3 && idx[0] == 4 && idx[1] == 1 && idx[2] == 3,
		"top-3 of 7 = 4 1 3 (got %d: %d %d %d)", n, idx[0], idx[1],
		idx[2]);
	n = at_model_topk(s, 2, 5, idx);
	AT_CHECK(n == 2 && idx[0] == 1 && idx[1] == 0, "top-5 of 2");
	AT_CHECK_INT(at_model_pick(m, s, 7, 4), 1, "pick skips the keep index");
	AT_CHECK_INT(at_model_pick(m, low, 3, 2), 2,
		"pick keeps when nothing beats the margin 0.1");
	AT_CHECK_INT(at_model_pick(m, low, 3, -1), -1,
		"pick returns -1 (leave alone) without a keep candidate");
}

/* Reads a whole file into a new string. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s = f ? calloc(1, 1 << 16) : NULL;

	if (s)
		fread(s, 1, (1 << 16) - 1, f);
	if (f)
		fclose(f);
	return s;
}

/* Writes text to path; returns 0 on success. */
static int spill(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int ok = f && fputs(text, f) >= 0;

	if (f && fclose(f) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

/* One corruption of small.json: replace `from` by `to`; the message must
 * contain `want`. */
struct corrupt {
	const char *what, *from, *to, *want;
};

/* Writes small.json with one replacement to path, loads it, checks NULL
 * and a one-line message naming the file and the problem. */
static void try_corrupt(const char *dir, const char *text,
	const struct corrupt *c, int k)
{
	char path[256], err[512], *mod = malloc(strlen(text) + 256);
	const char *at = strstr(text, c->from);
	at_model *m;

	snprintf(path, sizeof path, "%s/corrupt%d.json", dir, k);
	AT_CHECK(at != NULL, "corruption '%s' applies", c->what);
	if (!at) {
		free(mod);
		return;
	}
	sprintf(mod, "%.*s%s%s", (int)(at - text), text, c->to,
		at + strlen(c->from));
	spill(path, mod);
	m = at_model_load(path, "test-1", 3, 2, err, sizeof err);
	AT_CHECK(m == NULL && strncmp(err, path, strlen(path)) == 0 &&
		strchr(err, '\n') == NULL && strstr(err, c->want) != NULL,
		"%s: NULL, one line naming the file: \"%s\"", c->what, err);
	at_model_free(m);
	unlink(path);
	free(mod);
}

/* Corrupt weights files and caller mismatches. */
static void test_corrupt(const char *dir)
{
	static const struct corrupt cs[] = {
		{ "truncated JSON", "\"b\": [0.02]}\n  ]\n}", "\"b\": [0.02]}",
			"not valid JSON" },
		{ "schema 2", "\"schema\": 1", "\"schema\": 2", "schema 2" },
		{ "other layout", "\"test-1\"", "\"test-0\"", "layout 'test-0'" },
		{ "head1 rows", "\"head1\", \"rows\": 4", "\"head1\", \"rows\": 3",
			"layer 'head1': expected 4x*, found 3x3" },
		{ "head2 cols", "\"head2\", \"rows\": 3, \"cols\": 1",
			"\"head2\", \"rows\": 3, \"cols\": 2",
			"layer 'head2': expected 3x1, found 3x2" },
		{ "short w", "[0.9, -1.1, 0.65]", "[0.9, -1.1]",
			"layer 'head2': w: expected 3 numbers, found 2" },
		{ "short b", "[0.02]", "[]", "layer 'head2': b: expected 1" },
		{ "NaN string", "[0.6, -0.4", "[\"NaN\", -0.4",
			"layer 'nest2': w[0] is not a number" },
		{ "infinite", "[0.6, -0.4", "[1e999, -0.4",
			"layer 'nest2': w[0] is not finite" },
		{ "zero std", "[1.5, 4.0]", "[1.5, 0]",
			"norm.cand_std[1] is not positive" },
		{ "short norm", "[1.0, -2.0, 0.5]", "[1.0, -2.0]",
			"norm.nest_mean: expected 3 numbers, found 2" },
		{ "layer order", "\"name\": \"cand1\"", "\"name\": \"cand2\"",
			"expected name 'cand1', found 'cand2'" },
		{ "no margin", "\"keep_margin\"", "\"keep_marg\"", "keep_margin" },
		{ "name count", "\"c_a\", \"c_b\"", "\"c_a\"",
			"'cand_names': expected 2 names, found 1" },
	};
	char *text = slurp(SMALL), err[512];
	at_model *m;

	AT_CHECK(text != NULL, "read %s", SMALL);
	for (size_t k = 0; text && k < sizeof cs / sizeof *cs; k++)
		try_corrupt(dir, text, &cs[k], (int)k);
	free(text);
	m = at_model_load("tests/model/no-such.json", "test-1", 3, 2, err,
		sizeof err);
	AT_CHECK(!m && strstr(err, "tests/model/no-such.json: cannot open"),
		"missing file: \"%s\"", err);
	m = at_model_load(SMALL, "test-1", 4, 2, err, sizeof err);
	AT_CHECK(!m && strstr(err, SMALL ": 'nest_names': expected 4 names, "
		"found 3"), "caller dn 4 vs 3 names: \"%s\"", err);
	m = at_model_load("tests/model/../unit/at_test.h", "test-1", 3, 2, err,
		sizeof err);
	AT_CHECK(!m && strstr(err, "not valid JSON (line 1)"),
		"a C header: \"%s\"", err);
}

/* Opens path for writing and writes the header of rows with one nest and
 * one candidate feature (layout "t").  Returns the file, or NULL. */
static FILE *rows_open(const char *path)
{
	FILE *f = fopen(path, "w");

	if (f)
		fprintf(f, "{\"layout\":\"t\",\"nest_names\":[\"n\"],"
			"\"cand_names\":[\"c\"]}\n");
	return f;
}

/* Appends one training row to a JSONL buffer file; `censored` >= 0 adds
 * the field "censored" with that value. */
static void row_c(FILE *f, long seed, const char *role, double sp,
	const double *nest, int dn, const double *cand, int dc, int censored)
{
	fprintf(f, "{\"seed\":%ld,\"cand\":\"c\",\"role\":\"%s\",\"speedup\":"
		"%.17g,", seed, role, sp);
	if (censored >= 0)
		fprintf(f, "\"censored\":%d,", censored);
	fprintf(f, "\"nest\":[");
	for (int i = 0; i < dn; i++)
		fprintf(f, "%s%.9g", i ? "," : "", nest[i]);
	fprintf(f, "],\"cand_x\":[");
	for (int i = 0; i < dc; i++)
		fprintf(f, "%s%.9g", i ? "," : "", cand[i]);
	fprintf(f, "]}\n");
}

/* Appends one uncensored training row (no "censored" field). */
static void row(FILE *f, long seed, const char *role, double sp,
	const double *nest, int dn, const double *cand, int dc)
{
	row_c(f, seed, role, sp, nest, dn, cand, dc, -1);
}

/* Writes the two kernels of test_metrics to path: seed 5 with keep (1),
 * fixed32 (2) and two random candidates (0.5, 4); seed 1000003 with six
 * random candidates of speedups 1 .. 6. */
static void metrics_file(const char *path)
{
	double z[1] = { 0 }, c[1];
	const double sp[4] = { 1, 2, 0.5, 4 };
	const char *roles[4] = { "keep", "fixed32", "random", "random" };
	FILE *f = rows_open(path);

	if (!f)
		return;
	for (int i = 0; i < 4; i++) {
		c[0] = i;
		row(f, 5, roles[i], sp[i], z, 1, c, 1);
	}
	for (int i = 0; i < 6; i++) {
		c[0] = i;
		row(f, 1000003, "random", i + 1, z, 1, c, 1);
	}
	fclose(f);
}

/* Metrics of one hand-computed kernel (seed 5) with 3 candidates and of
 * one with 6 (seed 6) for the best-of-5 expectation. */
static void test_metrics(const char *dir)
{
	char path[256], err[256] = "";
	float pred[10] = { 0, 0.3f, 0.9f, 0.1f };
	at_tr_data d;
	at_tr_metrics mt;

	snprintf(path, sizeof path, "%s/metrics.jsonl", dir);
	metrics_file(path);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) == 0 &&
		at_tr_data_finish(&d, err, sizeof err) == 0 && d.n_kernel == 2,
		"read 2 hand-made kernels (%s)", err);
	if (d.n_kernel != 2 || d.kernels[0].seed != 5) {
		at_tr_data_free(&d);
		return;
	}
	for (int i = 0; i < 6; i++)
		pred[4 + i] = (float)i;	/* ranks the 6 correctly */
	d.kernels[0].split = AT_TR_TEST;	/* whatever their seeds hash to */
	d.kernels[1].split = AT_TR_VAL;
	at_tr_metrics_compute(&d, AT_TR_TEST, pred, 0.0, &mt);
	AT_CHECK(fabs(mt.one_arith - 0.125) < 1e-12 && mt.slower == 1 &&
		mt.slower5 == 1 && fabs(mt.top5_arith - 1) < 1e-12 &&
		fabs(mt.fixed_arith - 0.5) < 1e-12 &&
		fabs(mt.rand_arith - 6.5 / 12) < 1e-12 &&
		fabs(mt.spearman + 0.4) < 1e-12, "kernel 5, margin 0: one-shot "
		"0.125 (%g), slower 1 (%d, 0.5x: by more than 5 %%), top-5 1 "
		"(%g), fixed32 0.5 (%g), random 0.5417 (%g), spearman -0.4 (%g)", mt.one_arith,
		mt.slower, mt.top5_arith, mt.fixed_arith, mt.rand_arith,
		mt.spearman);
	at_tr_metrics_compute(&d, AT_TR_TEST, pred, 1.0, &mt);
	AT_CHECK(fabs(mt.one_arith - 0.25) < 1e-12 && mt.slower == 0 &&
		mt.kept == 1, "kernel 5, margin 1: keeps, 0.25 (%g)",
		mt.one_arith);
	at_tr_metrics_compute(&d, AT_TR_VAL, pred, 0.0, &mt);
	AT_CHECK(fabs(mt.rand5_arith - (5 + 5.0 / 6) / 6) < 1e-12 &&
		fabs(mt.one_arith - 1) < 1e-12 && fabs(mt.spearman - 1) < 1e-12,
		"kernel of 6: random best-of-5 = 35/36 (%g), one-shot 1",
		mt.rand5_arith);
	AT_CHECK(at_tr_choose_margin(&d, AT_TR_TEST, pred) >= 0.9 - 1e-9,
		"margin chosen on kernel 5 leaves it alone (pick 0.9 is slower)");
	at_tr_data_free(&d);
	unlink(path);
}

/* One seed timed at two sizes (two nest vectors, each group with its keep
 * row, written one after the other as autotile-features writes them) is
 * two kernels in the seed's split, each against its own keep; then seed
 * 6 is a third. */
static void test_group_sizes(const char *dir)
{
	char path[256], err[256] = "";
	double n0[1] = { 0 }, n1[1] = { 1 }, c[1] = { 0 };
	at_tr_data d;
	FILE *f;

	snprintf(path, sizeof path, "%s/sizes.jsonl", dir);
	f = rows_open(path);
	if (!f)
		return;
	row(f, 5, "keep", 1, n0, 1, c, 1);
	row(f, 5, "random", 2, n0, 1, c, 1);
	row(f, 5, "keep", 1, n1, 1, c, 1);
	row(f, 5, "random", 0.5, n1, 1, c, 1);
	row(f, 5, "random", 3, n1, 1, c, 1);
	row(f, 6, "keep", 1, n1, 1, c, 1);
	fclose(f);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) == 0 &&
		at_tr_data_finish(&d, err, sizeof err) == 0 && d.n_kernel == 3 &&
		d.kernels[0].seed == 5 && d.kernels[0].n == 2 &&
		d.kernels[0].keep == 0 && d.kernels[1].seed == 5 &&
		d.kernels[1].n == 3 && d.kernels[1].keep == 2 &&
		d.kernels[1].split == d.kernels[0].split &&
		d.kernels[2].seed == 6 && d.kernels[2].first == 5,
		"seed 5 at two nest vectors: two kernels of 2 and 3 rows, each "
		"with its keep row, in one split; seed 6 a third (%d kernels; %s)",
		d.n_kernel, err);
	at_tr_data_free(&d);
	unlink(path);
}

/* The keep margin's tolerance (AT_TR_MARGIN_TOL): kernel 5's pick (0.999,
 * predicted 0.04) is slower, kernel 7's (1.008, predicted 0.02) its
 * oracle.  Margin 0 scores geomean sqrt(0.999) = 0.9995 with one kernel
 * slower; 0.04 keeps both, sqrt(1 / 1.008) = 0.9960 with none: 0.0035
 * below the best, so chosen at a tolerance of 0.005 and not at 0.002.
 * Kernel 5's pick is slower, but not by more than 5 %. */
static void test_margin_tolerance(const char *dir)
{
	char path[256], err[256] = "";
	double z[1] = { 0 }, c[1] = { 0 };
	float pred[4] = { 0, 0.04f, 0, 0.02f };
	at_tr_data d;
	at_tr_metrics mt = { .slower = -1 };
	double m = -1;
	FILE *f;

	snprintf(path, sizeof path, "%s/margin.jsonl", dir);
	f = rows_open(path);
	if (f) {
		row(f, 5, "keep", 1, z, 1, c, 1);
		row(f, 5, "random", 0.999, z, 1, c, 1);
		row(f, 7, "keep", 1, z, 1, c, 1);
		row(f, 7, "random", 1.008, z, 1, c, 1);
		fclose(f);
	}
	memset(&d, 0, sizeof d);
	if (f && at_tr_data_read(&d, path, err, sizeof err) == 0 &&
	    at_tr_data_finish(&d, err, sizeof err) == 0 && d.n_kernel == 2 &&
	    d.kernels[0].seed == 5) {
		d.kernels[0].split = d.kernels[1].split = AT_TR_VAL;
		m = at_tr_choose_margin(&d, AT_TR_VAL, pred);
		at_tr_metrics_compute(&d, AT_TR_VAL, pred, 0, &mt);
	}
	AT_CHECK(mt.slower == 1 && mt.slower5 == 0, "margin 0: kernel 5's "
		"pick 0.999 is slower (%d), not by more than 5 %% (%d)",
		mt.slower, mt.slower5);
	AT_CHECK(fabs(m - 0.04) < 1e-9, "margin within %g of the best "
		"one-shot and slowing none: 0.04 (%g; %s)", AT_TR_MARGIN_TOL, m,
		err);
	at_tr_data_free(&d);
	unlink(path);
}
/* fixed32's slower count: kernel 7's fixed32 is measured at 0.5,
 * kernel 8's stopped at its limit (censored, bound 2), kernel 9's is 3;
 * two are slower. */
static void test_fixed_slower(const char *dir)
{
	char path[256], err[256] = "";
	double z[1] = { 0 }, c[1] = { 1 };
	float pred[9] = { 0 };
	at_tr_data d;
	at_tr_metrics mt;
	FILE *f;

	snprintf(path, sizeof path, "%s/fixed.jsonl", dir);
	f = rows_open(path);
	if (!f) {
		AT_CHECK(0, "fixed32 slower: cannot write %s", path);
		return;
	}
	for (long k = 7; k <= 9; k++) {
		row(f, k, "keep", 1, z, 1, z, 1);
		row_c(f, k, "fixed32", k == 7 ? 0.5 : k == 8 ? 2 : 3, z, 1, c, 1,
			k == 8);
		row(f, k, "random", 1.5, z, 1, c, 1);
	}
	fclose(f);
	memset(&d, 0, sizeof d);
	if (at_tr_data_read(&d, path, err, sizeof err) == 0 &&
	    at_tr_data_finish(&d, err, sizeof err) == 0 && d.n_kernel == 3) {
		for (int k = 0; k < 3; k++)
			d.kernels[k].split = AT_TR_TEST;
		at_tr_metrics_compute(&d, AT_TR_TEST, pred, 0.0, &mt);
		AT_CHECK(mt.fixed_kernels == 3 && mt.fixed_slower == 2,
			"fixed32 slower: 2 of 3 kernels (a measured 0.5 and a "
			"censored row; got %d of %d)", mt.fixed_slower,
			mt.fixed_kernels);
	} else {
		AT_CHECK(0, "fixed32 slower: reading %s (%s)", path, err);
	}
	at_tr_data_free(&d);
	unlink(path);
}

/* Reader errors name the file and line. */
static void test_reader_errors(const char *dir)
{
	char path[256], err[256];
	at_tr_data d;
	FILE *f;

	snprintf(path, sizeof path, "%s/bad.jsonl", dir);
	f = fopen(path, "w");
	fprintf(f, "{\"layout\":\"t\",\"nest_names\":[\"n\"],\"cand_names\":"
		"[\"c\",\"d\"]}\n{\"seed\":1,\"role\":\"keep\",\"speedup\":1,"
		"\"nest\":[0],\"cand_x\":[0]}\n");
	fclose(f);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) < 0 &&
		strstr(err, ":2: 'cand_x': expected an array of 2"),
		"short cand_x: \"%s\"", err);
	at_tr_data_free(&d);
	unlink(path);
}

/* The split hashes seeds 70/15/15; with --fold I/5 the test seeds stay
 * test and each other seed is validation in exactly one part, the parts
 * of about equal size. */
static void test_split(void)
{
	int n[AT_TR_N_SPLIT] = { 0 }, part[5] = { 0 }, bad = 0;

	for (long s = 0; s < 20000; s++) {
		at_tr_split sp = at_tr_split_of(s, 0, 0);
		int val = 0;
		n[sp]++;
		for (int f = 1; f <= 5; f++) {
			at_tr_split fs = at_tr_split_of(s, f, 5);
			bad += (fs == AT_TR_TEST) != (sp == AT_TR_TEST);
			if (fs == AT_TR_VAL) {
				val++;
				part[f - 1]++;
			}
		}
		bad += sp != AT_TR_TEST && val != 1;
	}
	AT_CHECK(abs(n[0] - 14000) < 400 && abs(n[1] - 3000) < 300 &&
		abs(n[2] - 3000) < 300, "split of 20000 seeds: %d/%d/%d",
		n[0], n[1], n[2]);
	AT_CHECK(bad == 0, "folds: %d seeds not held out exactly once or "
		"moved in or out of test", bad);
	for (int f = 0; f < 5; f++)
		AT_CHECK(abs(part[f] - 3400) < 250, "fold %d/5 holds out %d of "
			"17000 seeds", f + 1, part[f]);
}

/* Series 4 of autotile-gen (seeds from 3,000,000) picks a kernel's form
 * by its first draw and its initialisation by its second (splitmix64's
 * outputs from the seed; the first is the split's hash below that
 * series): there the split must follow none of the first draws (the
 * first put every column-mean kernel in test, the second every scaling
 * one in training).  Of 20000 such seeds the test ones have each of
 * the first 8 draws at 85 or more (mod 100) between 5 and 25 % of the
 * time, and the split stays 70/15/15. */
static void test_split_series4(void)
{
	int n[AT_TR_N_SPLIT] = { 0 }, high[8] = { 0 };

	for (long s = 3000000; s < 3020000; s++) {
		at_tr_split sp = at_tr_split_of(s, 0, 0);
		uint64_t st = (uint64_t)s;

		n[sp]++;
		for (int d = 0; d < 8; d++) {
			uint64_t z = (st += 0x9e3779b97f4a7c15ULL);

			z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
			z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
			z ^= z >> 31;
			high[d] += sp == AT_TR_TEST && z % 100 >= 85;
		}
	}
	AT_CHECK(abs(n[0] - 14000) < 400 && abs(n[1] - 3000) < 300 &&
		abs(n[2] - 3000) < 300, "split of series 4's 20000 seeds: "
		"%d/%d/%d", n[0], n[1], n[2]);
	for (int d = 0; d < 8; d++)
		AT_CHECK(high[d] > n[2] / 20 && high[d] < n[2] / 4,
			"series 4: %d of %d test seeds have draw %d at 85 or "
			"more", high[d], n[2], d + 1);
}

/* Writes a synthetic data set: 200 kernels of 12 candidates and keep;
 * log-speedup = 0.8 c0 - 0.5 c1^2 + 0.4 c0 n0 (+ small noise); c2, c3,
 * n1, n2 are noise features. */
static void synth(const char *path)
{
	FILE *f = fopen(path, "w");
	uint64_t s = 42;

	fprintf(f, "{\"layout\":\"synth\",\"nest_names\":[\"n0\",\"n1\",\"n2\"],"
		"\"cand_names\":[\"c0\",\"c1\",\"c2\",\"c3\"],\"machine\":"
		"{\"cores\":2}}\n");
	for (long k = 0; k < 200; k++) {
		double n[3], c[4] = { 0, 0, 0, 0 };
		for (int i = 0; i < 3; i++)
			n[i] = rnd(&s, -1, 1);
		row(f, k, "keep", 1, n, 3, c, 4);
		for (int j = 0; j < 12; j++) {
			for (int i = 0; i < 4; i++)
				c[i] = rnd(&s, -1, 1);
			row(f, k, j ? "random" : "fixed32", exp(0.8 * c[0] -
				0.5 * c[1] * c[1] + 0.4 * c[0] * n[0] +
				rnd(&s, -0.02, 0.02)), n, 3, c, 4);
		}
	}
	fclose(f);
}

/* Test-split metrics of the weights w on d. */
static void eval_weights(const cJSON *w, const at_tr_data *d, float *pred,
	at_tr_metrics *mt)
{
	at_model *m = at_model_from_json(w, "w", "synth", 3, 4, NULL, 0);

	memset(mt, 0, sizeof(*mt));
	if (!m || at_tr_predict(m, d, AT_TR_TEST, pred) < 0) {
		at_model_free(m);
		return;
	}
	at_tr_metrics_compute(d, AT_TR_TEST, pred, 0.0, mt);
	at_model_free(m);
}

/* The backward pass of each loss against central differences. */
static void test_grad(const at_tr_data *d, const at_tr_norm *nm,
	const char *what)
{
	at_tr_opts o;

	at_tr_opts_default(&o);
	o.hidden = 8;
	o.batch = 4;
	for (int l = AT_TR_MSE; l <= AT_TR_BOTH; l++) {
		double e;
		o.loss = (at_tr_loss)l;
		e = at_tr_grad_check(d, nm, &o);
		AT_CHECK(e >= 0 && e < 0.02, "backward pass of loss %s, %s, matches "
			"central differences (worst relative difference %.2g)",
			at_tr_loss_name(o.loss), what, e);
	}
	o.cand_width = 5;
	o.head_width = 11;
	{
		double e = at_tr_grad_check(d, nm, &o);
		AT_CHECK(e >= 0 && e < 0.02, "backward pass of loss %s, %s, "
			"widths 8 / 5 / 11 (nest, candidate, head), matches "
			"central differences (worst relative difference %.2g)",
			at_tr_loss_name(o.loss), what, e);
	}
}

/* Trains with loss `loss` (width 16, 40 epochs) and returns the test
 * metrics in mt; returns 0 when training succeeded. */
static int train_eval(const at_tr_data *d, const at_tr_norm *nm,
	at_tr_loss loss, float *pred, at_tr_metrics *mt)
{
	char err[256];
	at_tr_opts o;
	at_tr_run run = { 0, 0, 0 };
	cJSON *w;

	at_tr_opts_default(&o);
	o.hidden = 16;
	o.epochs = 40;
	o.loss = loss;
	w = at_tr_train(d, nm, &o, &run, err, sizeof err);
	AT_CHECK(w != NULL, "trained with loss %s (%d epochs, validation "
		"spearman %.3f)", at_tr_loss_name(loss), run.epochs, run.val);
	if (!w)
		return -1;
	eval_weights(w, d, pred, mt);
	cJSON_Delete(w);
	return 0;
}

/* A fixed-epoch run (a refit, o.fixed) trains exactly o.epochs epochs
 * whatever the patience, keeps the last epoch's parameters, and never
 * reads validation: the same weights come out when every validation
 * speedup s becomes 1 / s; an early-stopped run on those reversed
 * speedups does differ (so the comparison can fail). */
static void test_fixed_epochs(at_tr_data *d, const at_tr_norm *nm)
{
	char err[256];
	at_tr_opts o;
	at_tr_run r1, r2, r3, r4;
	cJSON *w1, *w2, *w3 = NULL, *w4 = NULL;
	float *y = malloc(d->n_row * sizeof(float));
	double *sp = malloc(d->n_row * sizeof(double));

	at_tr_opts_default(&o);
	o.hidden = 8;
	o.epochs = 6;
	o.patience = 1;
	o.fixed = 1;
	w1 = at_tr_train(d, nm, &o, &r1, err, sizeof err);
	memcpy(y, d->y, d->n_row * sizeof(float));
	memcpy(sp, d->speedup, d->n_row * sizeof(double));
	for (int k = 0; k < d->n_kernel; k++)
		for (int i = d->kernels[k].first; d->kernels[k].split ==
		    AT_TR_VAL && i < d->kernels[k].first + d->kernels[k].n;
		    i++) {
			d->y[i] *= -1;
			d->speedup[i] = 1 / d->speedup[i];
		}
	w2 = at_tr_train(d, nm, &o, &r2, err, sizeof err);
	o.fixed = 0;
	o.patience = 40;
	o.epochs = 30;
	w3 = at_tr_train(d, nm, &o, &r3, err, sizeof err);
	memcpy(d->y, y, d->n_row * sizeof(float));
	memcpy(d->speedup, sp, d->n_row * sizeof(double));
	w4 = at_tr_train(d, nm, &o, &r4, err, sizeof err);
	AT_CHECK(w1 && w2 && r1.epochs == 6 && r1.best == 6 && r1.val == 0,
		"fixed: 6 epochs run, the 6th kept, no validation score "
		"(%d, %d, %.3f)", r1.epochs, r1.best, r1.val);
	AT_CHECK(w1 && w2 && cJSON_Compare(w1, w2, 1), "fixed: the same "
		"weights with every validation speedup inverted");
	AT_CHECK(w3 && w4 && !cJSON_Compare(w3, w4, 1),
		"early-stopped: validation targets matter (kept epoch %d of "
		"30 and %d of 30)", r3.best, r4.best);
	cJSON_Delete(w1);
	cJSON_Delete(w2);
	cJSON_Delete(w3);
	cJSON_Delete(w4);
	free(y);
	free(sp);
}

/* The largest |a - (x b + (1 - x) c)| over the layers' weights and
 * biases of weights objects a, b, c of one shape; -1 when they differ in
 * shape. */
static double layers_mix_diff(const cJSON *a, const cJSON *b,
	const cJSON *c, double x)
{
	static const char *const parts[] = { "w", "b" };
	const cJSON *la = cJSON_GetObjectItem(a, "layers");
	int nl = cJSON_GetArraySize(la);
	double worst = 0;

	for (int l = 0; l < nl; l++)
		for (int p = 0; p < 2; p++) {
			const cJSON *va = cJSON_GetObjectItem(
				cJSON_GetArrayItem(la, l), parts[p]);
			const cJSON *vb = cJSON_GetObjectItem(cJSON_GetArrayItem(
				cJSON_GetObjectItem(b, "layers"), l), parts[p]);
			const cJSON *vc = cJSON_GetObjectItem(cJSON_GetArrayItem(
				cJSON_GetObjectItem(c, "layers"), l), parts[p]);
			int n = cJSON_GetArraySize(va);
			if (n == 0 || n != cJSON_GetArraySize(vb) ||
			    n != cJSON_GetArraySize(vc))
				return -1;
			for (int i = 0; i < n; i++) {
				double d = fabs(cJSON_GetArrayItem(va, i)->valuedouble -
					(x * cJSON_GetArrayItem(vb, i)->valuedouble +
					(1 - x) * cJSON_GetArrayItem(vc, i)->valuedouble));
				if (d > worst)
					worst = d;
			}
		}
	return nl > 0 ? worst : -1;
}

/* --ema: with one step per epoch (a batch of every training kernel), the
 * parameters kept after one epoch at decay 0.1 are 0.1 times the initial
 * ones (a run with Adam step 0) plus 0.9 times those after the step (a
 * run without averaging); at decay 0.5 the first step's decay is 2 / 11
 * (the smaller of ema and (1 + step) / (10 + step)). */
static void test_ema(at_tr_data *d, const at_tr_norm *nm)
{
	char err[256];
	at_tr_opts o;
	at_tr_run r;
	cJSON *w0, *w1, *wa, *wb;
	double ea, eb;

	at_tr_opts_default(&o);
	o.hidden = 8;
	o.epochs = 1;
	o.fixed = 1;
	o.loss = AT_TR_MSE;
	o.batch = d->n_kernel;
	o.lr = 0;
	w0 = at_tr_train(d, nm, &o, &r, err, sizeof err);
	o.lr = 0.01f;
	w1 = at_tr_train(d, nm, &o, &r, err, sizeof err);
	o.ema = 0.1f;
	wa = at_tr_train(d, nm, &o, &r, err, sizeof err);
	o.ema = 0.5f;
	wb = at_tr_train(d, nm, &o, &r, err, sizeof err);
	ea = w0 && w1 && wa ? layers_mix_diff(wa, w0, w1, 0.1) : -1;
	eb = w0 && w1 && wb ? layers_mix_diff(wb, w0, w1, 2.0 / 11) : -1;
	AT_CHECK(ea >= 0 && ea < 1e-6 && eb >= 0 && eb < 1e-6 &&
		layers_mix_diff(w1, w0, w1, 0.1) > 1e-4, "ema: kept parameters "
		"are the moving average of the initial and the stepped ones "
		"(worst differences %.2g at decay 0.1, %.2g at 0.5)", ea, eb);
	cJSON_Delete(w0);
	cJSON_Delete(w1);
	cJSON_Delete(wa);
	cJSON_Delete(wb);
}

/* --noise: training on noisy inputs still learns the synthetic set (test
 * Spearman above 0.8) and gives other weights than noise-free training
 * (so the noise is applied). */
static void test_noise(at_tr_data *d, const at_tr_norm *nm, float *pred)
{
	char err[256];
	at_tr_opts o;
	at_tr_run r;
	at_tr_metrics mt;
	cJSON *w, *w0;

	at_tr_opts_default(&o);
	o.hidden = 16;
	o.epochs = 40;
	w0 = at_tr_train(d, nm, &o, &r, err, sizeof err);
	o.noise = 0.3f;
	w = at_tr_train(d, nm, &o, &r, err, sizeof err);
	memset(&mt, 0, sizeof mt);
	if (w)
		eval_weights(w, d, pred, &mt);
	AT_CHECK(w && w0 && !cJSON_Compare(w, w0, 1) && mt.spearman > 0.8,
		"noise 0.3: other weights than without, test spearman %.3f",
		mt.spearman);
	cJSON_Delete(w);
	cJSON_Delete(w0);
}

/* Training on the synthetic set beats a random network clearly; the
 * ranking loss alone (scale-free) is calibrated after training. */
static void test_train(const char *dir)
{
	char path[256], err[256];
	at_tr_data d;
	at_tr_norm nm;
	at_tr_metrics mt, mr;
	cJSON *rw = at_tr_random_weights("synth", 3, 4, 16, 3);
	float *pred = NULL;

	snprintf(path, sizeof path, "%s/synth.jsonl", dir);
	synth(path);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) == 0 &&
		at_tr_data_finish(&d, err, sizeof err) == 0 &&
		d.n_kernel == 200 && d.n_row == 2600, "synthetic set read "
		"(%d kernels, %d rows)", d.n_kernel, d.n_row);
	if (d.n_row != 2600 || at_tr_norm_compute(&d, &nm) < 0)
		goto out;
	pred = malloc(d.n_row * sizeof(float));
	test_grad(&d, &nm, "synthetic rows");
	eval_weights(rw, &d, pred, &mr);
	if (train_eval(&d, &nm, AT_TR_BOTH, pred, &mt) == 0) {
		AT_CHECK(mt.kernels > 10 && mt.spearman > 0.8 &&
			mt.spearman > mr.spearman + 0.5, "test spearman %.3f "
			"on %d kernels, random network %.3f", mt.spearman,
			mt.kernels, mr.spearman);
		AT_CHECK(mt.one_geo > 0.9 && mt.one_geo > mt.rand_geo + 0.2,
			"test one-shot geomean %.3f, random pick %.3f",
			mt.one_geo, mt.rand_geo);
	}
	if (train_eval(&d, &nm, AT_TR_RANK, pred, &mt) == 0)
		AT_CHECK(mt.spearman > 0.8 && mt.mape < 0.3, "ranking loss: "
			"test spearman %.3f, MAPE %.1f%% after calibration",
			mt.spearman, 100 * mt.mape);
	test_fixed_epochs(&d, &nm);
	test_ema(&d, &nm);
	test_noise(&d, &nm, pred);
	at_tr_norm_free(&nm);
out:
	cJSON_Delete(rw);
	free(pred);
	at_tr_data_free(&d);
	unlink(path);
}

/* Returns 1 when row r of layer `name` (cols wide) in weights w is all
 * zero, 0 when not, -1 when the layer is missing. */
static int layer_row_zero(const cJSON *w, const char *name, int r)
{
	const cJSON *l;

	cJSON_ArrayForEach(l, cJSON_GetObjectItem(w, "layers")) {
		const cJSON *wv = cJSON_GetObjectItem(l, "w");
		int cols = cJSON_GetObjectItem(l, "cols")->valueint;
		if (strcmp(cJSON_GetObjectItem(l, "name")->valuestring, name))
			continue;
		for (int c = 0; c < cols; c++)
			if (cJSON_GetArrayItem(wv, r * cols + c)->valuedouble != 0)
				return 0;
		return 1;
	}
	return -1;
}

/* A candidate feature that is constant over the training rows gets zero
 * first-layer weights, so its value elsewhere changes no prediction. */
static void test_unseen(const char *dir)
{
	char path[256], err[256] = "";
	at_tr_data d;
	at_tr_norm nm;
	at_tr_opts o;
	at_model *m = NULL;
	cJSON *w = NULL;
	at_tr_run run;
	int r = -1;
	float p[2], c[4];

	snprintf(path, sizeof path, "%s/unseen.jsonl", dir);
	synth(path);
	memset(&d, 0, sizeof d);
	if (at_tr_data_read(&d, path, err, sizeof err) < 0 ||
	    at_tr_data_finish(&d, err, sizeof err) < 0) {
		AT_CHECK(0, "unseen: synthetic set read (%s)", err);
		goto out;
	}
	for (int k = 0; k < d.n_kernel; k++)
		for (int i = 0; i < d.kernels[k].n; i++)
			d.cand[(size_t)(d.kernels[k].first + i) * d.dc + 3] =
				d.kernels[k].split == AT_TR_TRAIN ? 0.25f : 1.0f;
	for (int i = 0; i < d.n_row && r < 0; i++)
		if (d.cand[(size_t)i * d.dc + 3] == 1.0f)
			r = i;
	if (r < 0 || at_tr_norm_compute(&d, &nm) < 0)
		goto out;
	AT_CHECK(nm.cand_const[3] == 1 && nm.cand_const[0] == 0,
		"unseen: candidate feature 3 is marked constant in training, "
		"feature 0 is not");
	at_tr_opts_default(&o);
	o.hidden = 8;
	o.epochs = 3;
	w = at_tr_train(&d, &nm, &o, &run, err, sizeof err);
	at_tr_norm_free(&nm);
	AT_CHECK(w && layer_row_zero(w, "cand1", 3) == 1 &&
		layer_row_zero(w, "cand1", 0) == 0 &&
		layer_row_zero(w, "nest1", 0) == 0, "unseen: cand1's row of "
		"the constant feature is zero, the others are not (%s)",
		w ? "trained" : err);
	m = w ? at_model_from_json(w, "unseen", d.layout, d.dn, d.dc, err,
		sizeof err) : NULL;
	if (m) {
		memcpy(c, d.cand + (size_t)r * d.dc, sizeof c);
		at_model_predict(m, d.nest, c, 1, 0, &p[0]);
		c[3] = 0.25f;
		at_model_predict(m, d.nest, c, 1, 0, &p[1]);
		AT_CHECK(p[0] == p[1], "unseen: the feature's value outside "
			"training (1.0 against 0.25) changes no prediction "
			"(%g, %g)", p[0], p[1]);
	}
out:
	at_model_free(m);
	cJSON_Delete(w);
	at_tr_data_free(&d);
	unlink(path);
}

/* Writes a file whose one row has "censored": "yes". */
static void bad_censored_file(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return;
	fprintf(f, "{\"layout\":\"t\",\"nest_names\":[\"n\"],\"cand_names\":"
		"[\"c\"]}\n{\"seed\":1,\"role\":\"random\",\"speedup\":0.5,"
		"\"censored\":\"yes\",\"nest\":[0],\"cand_x\":[0]}\n");
	fclose(f);
}

/* The censored losses on hand-computed values: the squared error only
 * above a censored row's bound, ranking pairs only with an uncensored
 * faster row and never between two censored rows. */
static void test_cens_losses(void)
{
	const float p[3] = { 0.5f, -1.0f, 0.2f }, y[3] = { 0, 0, 0 };
	const unsigned char c[3] = { 0, 1, 1 }, c4[4] = { 0, 1, 1, 1 };
	const float y4[4] = { 1.0f, 0.0f, 0.5f, 2.0f }, p4[4] = { 0 };
	float dp[4] = { 0 };
	double l;
	int pairs = 0;

	l = at_tr_mse_loss(p, y, c, 3, 1.0f, NULL, 0, 1.0f, dp);
	AT_CHECK(fabs(l - 0.29) < 1e-6 && fabs(dp[0] - 1.0f) < 1e-6 &&
		dp[1] == 0 && fabs(dp[2] - 0.4f) < 1e-6, "squared error: 0.25 "
		"+ 0 (censored, under its bound) + 0.04 (censored, over it) = "
		"0.29 (%g), gradient 1, 0, 0.4 (%g, %g, %g)", l, dp[0], dp[1],
		dp[2]);
	memset(dp, 0, sizeof dp);
	l = at_tr_mse_loss(p, y, c, 3, 3.0f, NULL, 0, 1.0f, dp);
	AT_CHECK(fabs(l - 3 * 0.29) < 1e-6 && fabs(dp[0] - 3.0f) < 1e-6 &&
		dp[1] == 0 && fabs(dp[2] - 1.2f) < 1e-6, "squared error with "
		"over-predictions weighing 3: 3 x 0.29 (%g), gradient 3, 0, 1.2 "
		"(%g, %g, %g)", l, dp[0], dp[1], dp[2]);
	memset(dp, 0, sizeof dp);
	l = at_tr_mse_loss(p4, y4, c4, 1, 3.0f, NULL, 0, 1.0f, dp);
	AT_CHECK(fabs(l - 1) < 1e-6 && fabs(dp[0] + 2.0f) < 1e-6,
		"an under-prediction weighs 1 whatever the weight of "
		"over-predictions: 1 (%g), gradient -2 (%g)", l, dp[0]);
	AT_CHECK(at_tr_rank_pair(y4, c4, 0, 1, 0.02f) &&
		at_tr_rank_pair(y4, c4, 0, 2, 0.02f) &&
		!at_tr_rank_pair(y4, c4, 0, 3, 0.02f) &&
		!at_tr_rank_pair(y4, c4, 2, 1, 0.02f) &&
		!at_tr_rank_pair(y4, c4, 3, 0, 0.02f),
		"ranking pairs: uncensored 1.0 over censored bounds 0 and 0.5, "
		"not over bound 2; none from a censored row");
	AT_CHECK_INT(at_tr_count_pairs(y4, c4, 4, 0.02f), 2,
		"pairs of a kernel with one uncensored and 3 censored rows "
		"(6 if exact, 0 if dropped)");
	memset(dp, 0, sizeof dp);
	l = at_tr_rank_loss(p4, y4, c4, 4, 0.02f, 0, NULL, 0, 1.0f, dp, &pairs);
	AT_CHECK(pairs == 2 && fabs(l - 2 * log(2.0)) < 1e-6 &&
		fabs(dp[0] + 1) < 1e-6 && fabs(dp[1] - 0.5f) < 1e-6 &&
		fabs(dp[2] - 0.5f) < 1e-6 && dp[3] == 0, "ranking loss at equal "
		"predictions: 2 log 2 (%g), gradient -1, 0.5, 0.5, 0 (%g, %g, "
		"%g, %g)", l, dp[0], dp[1], dp[2], dp[3]);
}

/* The ranking pairs' weights towards the top: with rank_top 2 a pair
 * weighs 4 exp(2 (y_faster - best)), best the largest uncensored y (the
 * censored bound 2 of y4 is not the best). */
static void test_rank_top(void)
{
	const float y3[3] = { 1.0f, 0.5f, 0.0f }, p3[3] = { 0 };
	const float y4[4] = { 1.0f, 0.0f, 0.5f, 2.0f }, p4[4] = { 0 };
	const unsigned char c3[3] = { 0 }, c4[4] = { 0, 1, 1, 1 };
	double l, w = 4 * exp(-1.0), ln2 = log(2.0);
	float dp[4] = { 0 };
	int pairs = 0;

	l = at_tr_rank_loss(p3, y3, c3, 3, 0.02f, 2.0f, NULL, 0, 1.0f, dp, &pairs);
	AT_CHECK(pairs == 3 && fabs(l - (8 + w) * ln2) < 1e-5 &&
		fabs(dp[0] + 4) < 1e-5 && fabs(dp[1] - (2 - w / 2)) < 1e-5 &&
		fabs(dp[2] - (2 + w / 2)) < 1e-5, "weighted ranking loss: "
		"pairs (0,1) and (0,2) weigh 4, (1,2) 4/e; loss (8 + 4/e) log 2 "
		"(%g), gradient -4, 2 - 2/e, 2 + 2/e (%g, %g, %g)", l, dp[0],
		dp[1], dp[2]);
	memset(dp, 0, sizeof dp);
	pairs = 0;
	l = at_tr_rank_loss(p4, y4, c4, 4, 0.02f, 2.0f, NULL, 0, 1.0f, dp, &pairs);
	AT_CHECK(pairs == 2 && fabs(l - 8 * ln2) < 1e-5 &&
		fabs(dp[0] + 4) < 1e-5 && fabs(dp[1] - 2) < 1e-5 &&
		fabs(dp[2] - 2) < 1e-5 && dp[3] == 0, "weighted ranking loss "
		"beside censored rows: best is the uncensored 1.0, weights 4; "
		"loss 8 log 2 (%g), gradient -4, 2, 2, 0 (%g, %g, %g, %g)", l,
		dp[0], dp[1], dp[2], dp[3]);
}

/* The timing-noise weights of --spread-weight on hand-computed values:
 * a squared error weighs s2 / (s2 + var), a ranking pair s2 / (s2 +
 * var_i + var_j); s2 = 0 weighs every target 1 whatever var. */
static void test_spread_losses(void)
{
	const float p[2] = { 0.5f, 0.5f }, y[2] = { 0, 0 };
	const float var[2] = { 0.01f, 0.03f }, v2[2] = { 0.005f, 0.015f };
	const float yr[2] = { 1.0f, 0.0f }, pr[2] = { 0 };
	const unsigned char c[2] = { 0 };
	float dp[2] = { 0 };
	double l;
	int pairs = 0;

	l = at_tr_mse_loss(p, y, c, 2, 1.0f, var, 0.01f, 1.0f, dp);
	AT_CHECK(fabs(l - 0.25 * 0.75) < 1e-6 && fabs(dp[0] - 0.5f) < 1e-6 &&
		fabs(dp[1] - 0.25f) < 1e-6, "squared errors 0.25 weighing "
		"1/2 and 1/4: 0.1875 (%g), gradient 0.5, 0.25 (%g, %g)", l,
		dp[0], dp[1]);
	memset(dp, 0, sizeof dp);
	l = at_tr_mse_loss(p, y, c, 2, 1.0f, var, 0, 1.0f, dp);
	AT_CHECK(fabs(l - 0.5) < 1e-6 && fabs(dp[1] - 1.0f) < 1e-6,
		"no noise scale: weights 1 (%g, %g)", l, dp[1]);
	memset(dp, 0, sizeof dp);
	l = at_tr_rank_loss(pr, yr, c, 2, 0.02f, 0, v2, 0.02f, 1.0f, dp,
		&pairs);
	AT_CHECK(pairs == 1 && fabs(l - 0.5 * log(2.0)) < 1e-6 &&
		fabs(dp[0] + 0.25f) < 1e-6 && fabs(dp[1] - 0.25f) < 1e-6,
		"a ranking pair of variance 0.005 + 0.015 at scale 0.02 weighs "
		"1/2: loss log(2)/2 (%g), gradient -0.25, 0.25 (%g, %g)", l,
		dp[0], dp[1]);
}

/* Rows' "spread" read as variances: row_var log(1 + spread)^2 (0 without
 * one), label_var that plus the keep row's, 0 for the keep row. */
static void test_spread_data(const char *dir)
{
	char path[256], err[256] = "";
	double z[1] = { 0 }, lk = log1p(0.1), lr = log1p(0.3);
	at_tr_data d;
	FILE *f;

	snprintf(path, sizeof path, "%s/spread.jsonl", dir);
	if (!(f = rows_open(path)))
		return;
	fprintf(f, "{\"seed\":7,\"cand\":\"k\",\"role\":\"keep\","
		"\"speedup\":1,\"spread\":0.1,\"nest\":[0],\"cand_x\":[0]}\n"
		"{\"seed\":7,\"cand\":\"a\",\"role\":\"random\","
		"\"speedup\":2,\"spread\":0.3,\"nest\":[0],\"cand_x\":[1]}\n");
	row(f, 7, "random", 3, z, 1, z, 1);
	fclose(f);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) == 0 &&
		at_tr_data_finish(&d, err, sizeof err) == 0 && d.n_row == 3,
		"rows with spreads read (%s)", err);
	if (d.n_row == 3)
		AT_CHECK(fabs(d.row_var[0] - lk * lk) < 1e-7 &&
			fabs(d.row_var[1] - lr * lr) < 1e-7 &&
			d.row_var[2] == 0 && d.label_var[0] == 0 &&
			fabs(d.label_var[1] - (lr * lr + lk * lk)) < 1e-7 &&
			fabs(d.label_var[2] - lk * lk) < 1e-7, "variances "
			"%g %g %g, of the speedups %g %g %g", d.row_var[0],
			d.row_var[1], d.row_var[2], d.label_var[0],
			d.label_var[1], d.label_var[2]);
	at_tr_data_free(&d);
	unlink(path);
}

/* Writes a kernel with censored rows for test_cens_metrics: keep (1,
 * flagged censored, which a keep row cannot be), fixed32 2, random 0.5,
 * a censored random of bound 3 (above every measured speedup, on purpose)
 * and a random 1.5. */
static void cens_metrics_file(const char *path)
{
	const double sp[5] = { 1, 2, 0.5, 3, 1.5 }, z[1] = { 0 };
	const char *roles[5] = { "keep", "fixed32", "random", "random",
		"random" };
	const int cens[5] = { 1, 0, 0, 1, -1 };
	FILE *f = rows_open(path);
	double c[1];

	if (!f)
		return;
	for (int i = 0; i < 5; i++) {
		c[0] = i;
		row_c(f, 5, roles[i], sp[i], z, 1, c, 1, cens[i]);
	}
	fclose(f);
}

/* The metrics' rules for censored rows on the kernel of
 * cens_metrics_file: the oracle and Spearman ignore the censored row, a
 * censored pick counts with its bound and as slower; MAPE over the
 * uncensored rows. */
static void test_cens_metrics(const char *dir)
{
	const float pred[5] = { 0, 0.2f, 0.1f, 0.9f, 0.3f };
	const double sp[5] = { 1, 2, 0.5, 3, 1.5 };
	char path[256], err[256] = "";
	double mape = 0;
	at_tr_data d;
	at_tr_metrics mt;

	snprintf(path, sizeof path, "%s/cens.jsonl", dir);
	cens_metrics_file(path);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) == 0 &&
		at_tr_data_finish(&d, err, sizeof err) == 0 && d.n_row == 5 &&
		d.n_censored == 1 && d.censored[3] && !d.censored[0],
		"censored rows read: 1 of 5, the keep row's flag ignored (%d; "
		"%s)", d.n_censored, err);
	if (d.n_row != 5) {
		at_tr_data_free(&d);
		return;
	}
	d.kernels[0].split = AT_TR_TEST;
	at_tr_metrics_compute(&d, AT_TR_TEST, pred, 0.0, &mt);
	AT_CHECK(fabs(mt.oracle_geo - 2) < 1e-12 && fabs(mt.one_arith - 1.5) <
		1e-12 && mt.slower == 1 && mt.censored == 1 &&
		mt.censored_picks == 1, "censored pick: oracle 2 not 3 (%g), "
		"pick counted at its bound 3/2 (%g), slower 1 (%d), censored "
		"rows 1 (%d) picks 1 (%d)", mt.oracle_geo, mt.one_arith,
		mt.slower, mt.censored, mt.censored_picks);
	for (int i = 0; i < 5; i++)
		if (i != 3)
			mape += fabs(exp(pred[i]) - sp[i]) / sp[i] / 4;
	AT_CHECK(fabs(mt.spearman - 0.6) < 1e-12 && fabs(mt.mape - mape) <
		1e-9 && fabs(mt.rand_arith - 0.875) < 1e-12 &&
		fabs(mt.top5_arith - 1.5) < 1e-12, "uncensored rows only: "
		"spearman 0.6 (%g; 0.8 with the censored row), MAPE %g (%g); "
		"random 0.875 and top-5 1.5 count the bound", mt.spearman,
		mape, mt.mape);
	at_tr_metrics_compute(&d, AT_TR_TEST, pred, 1.0, &mt);
	AT_CHECK(mt.slower == 0 && mt.kept == 1 && mt.censored_picks == 0,
		"margin 1: kept, not slower");
	at_tr_data_free(&d);
	bad_censored_file(path);
	memset(&d, 0, sizeof d);
	AT_CHECK(at_tr_data_read(&d, path, err, sizeof err) < 0 &&
		strstr(err, ":2: 'censored' is neither"), "\"censored\":\"yes\" "
		"is an error: \"%s\"", err);
	at_tr_data_free(&d);
	unlink(path);
}

/* One candidate of cens_synth: its features c[4] drawn from s; sets its
 * log-speedup or log-bound *y and returns 1 when it is censored. */
static int cens_cand(uint64_t *s, double *c, double *y)
{
	for (int i = 0; i < 4; i++)
		c[i] = rnd(s, -1, 1);
	if (c[1] > 0.5) {	/* region R: slow, mostly loose timeouts */
		int cens = rnd(s, 0, 1) < 0.75;
		*y = cens ? 1.0 : -1.0 + rnd(s, -0.02, 0.02);
		return cens;
	}
	if (c[0] > 0.4) {	/* region D: always a timeout, tight bound */
		*y = log(0.1);
		return 1;
	}
	*y = 0.3 + 0.6 * c[0] + rnd(s, -0.02, 0.02);
	return 0;
}

/* Writes the same synthetic kernels three ways: censored rows flagged
 * (paths[0]), the flag left out so that bounds look exact (paths[1]), and
 * censored rows dropped (paths[2]).  Per kernel keep and 12 candidates:
 * log-speedup 0.3 + 0.6 c0 (at most 0.54), except region D (c0 > 0.4, outside
 * R: always a timeout with bound 0.1; the trend alone would make them
 * the fastest) and region R (c1 > 0.5: log-speedup -1, three in four
 * timed out with a loose bound e, which taken as exact makes R look the
 * fastest). */
static void cens_synth(char paths[3][256])
{
	FILE *f[3];
	uint64_t s = 7;

	for (int v = 0; v < 3; v++) {
		f[v] = fopen(paths[v], "w");
		if (!f[v])
			return;
		fprintf(f[v], "{\"layout\":\"synth\",\"nest_names\":[\"n0\","
			"\"n1\",\"n2\"],\"cand_names\":[\"c0\",\"c1\",\"c2\","
			"\"c3\"]}\n");
	}
	for (long k = 0; k < 200; k++) {
		double n[3], c[4] = { 0, 0, 0, 0 }, y;
		for (int i = 0; i < 3; i++)
			n[i] = rnd(&s, -1, 1);
		for (int v = 0; v < 3; v++)
			row(f[v], k, "keep", 1, n, 3, c, 4);
		for (int j = 0; j < 12; j++) {
			int cens = cens_cand(&s, c, &y);
			const char *role = j ? "random" : "fixed32";
			row_c(f[0], k, role, exp(y), n, 3, c, 4, cens);
			row(f[1], k, role, exp(y), n, 3, c, 4);
			if (!cens)
				row(f[2], k, role, exp(y), n, 3, c, 4);
		}
	}
	for (int v = 0; v < 3; v++)
		fclose(f[v]);
}

/* Trains (loss mse+rank, width 16, 150 epochs) on the training file
 * `path` and returns the test metrics of the result on the censored data
 * d in mt; returns 0 on success. */
static int cens_train_on(const char *path, const at_tr_data *d,
	float *pred, at_tr_metrics *mt)
{
	char err[256] = "";
	at_tr_data t;
	at_tr_norm nm;
	at_tr_opts o;
	at_tr_run run;
	int rc = -1;
	cJSON *w = NULL;

	memset(&t, 0, sizeof t);
	at_tr_opts_default(&o);
	o.hidden = 16;
	o.epochs = 150;
	if (at_tr_data_read(&t, path, err, sizeof err) < 0 ||
	    at_tr_data_finish(&t, err, sizeof err) < 0 ||
	    at_tr_norm_compute(&t, &nm) < 0)
		goto out;
	w = at_tr_train(&t, &nm, &o, &run, err, sizeof err);
	at_tr_norm_free(&nm);
	if (w) {
		eval_weights(w, d, pred, mt);
		rc = 0;
	}
out:
	AT_CHECK(rc == 0, "trained on %s (%s)", path, rc ? err : "ok");
	cJSON_Delete(w);
	at_tr_data_free(&t);
	return rc;
}

/* Training that must use the censored rows: on the data of cens_synth,
 * the trainer (censored rows as bounds) must avoid regions D and R on
 * held-out kernels; the same rows with the bounds taken as exact, or with
 * the censored rows dropped, must not (which shows that the check can
 * fail); and the backward pass matches central differences with censored
 * rows in the batch.  The checks count slower kernels and censored picks
 * (at most a tenth of the kernels as bounds, where the other two handlings
 * make most kernels slower), not the one-shot fraction: a censored pick
 * counts at its bound, and region R's loose bound e would flatter the
 * "exact" model.  (With the ranking pairs weighted towards the top,
 * training seed 1 picks one censored row of 33 and seeds 2-4 none.) */
static void test_cens_train(const char *dir)
{
	static const char *const how[3] = { "as bounds", "as exact",
		"dropped" };
	char paths[3][256], err[256] = "";
	at_tr_metrics mt[3];
	at_tr_data d;
	at_tr_norm nm;
	float *pred = NULL;
	int ok = 1;

	for (int v = 0; v < 3; v++)
		snprintf(paths[v], sizeof paths[v], "%s/cens%d.jsonl", dir, v);
	cens_synth(paths);
	memset(&d, 0, sizeof d);
	memset(mt, 0, sizeof mt);
	if (at_tr_data_read(&d, paths[0], err, sizeof err) < 0 ||
	    at_tr_data_finish(&d, err, sizeof err) < 0 ||
	    !(pred = malloc(d.n_row * sizeof(float)))) {
		AT_CHECK(0, "censored synthetic set read (%s)", err);
		goto out;
	}
	AT_CHECK(d.n_censored > 300 && d.n_row == 2600, "censored synthetic "
		"set: %d of %d rows censored", d.n_censored, d.n_row);
	if (at_tr_norm_compute(&d, &nm) == 0) {
		test_grad(&d, &nm, "with censored rows");
		at_tr_norm_free(&nm);
	}
	for (int v = 0; v < 3 && ok; v++) {
		ok = cens_train_on(paths[v], &d, pred, &mt[v]) == 0;
		printf("# censored rows %s: test one-shot %.3f (geo %.3f), "
			"slower %d of %d, censored picks %d, spearman %.3f\n",
			how[v], mt[v].one_arith, mt[v].one_geo, mt[v].slower,
			mt[v].kernels, mt[v].censored_picks, mt[v].spearman);
	}
	AT_CHECK(ok && mt[0].kernels > 10 &&
		mt[0].censored_picks <= mt[0].kernels / 10 &&
		mt[0].slower <= mt[0].kernels / 10 && mt[0].one_geo > 0.8,
		"censored rows as bounds: censored picks %d, slower %d of %d "
		"(at most a tenth each), one-shot geo %.3f",
		mt[0].censored_picks, mt[0].slower, mt[0].kernels,
		mt[0].one_geo);
	for (int v = 1; v < 3; v++)
		AT_CHECK(ok && mt[v].slower > mt[0].kernels / 3,
			"the same check fails with the censored rows %s "
			"(slower %d of %d)", how[v], mt[v].slower, mt[v].kernels);
out:
	free(pred);
	at_tr_data_free(&d);
	for (int v = 0; v < 3; v++)
		unlink(paths[v]);
}

/* Runs every test; returns non-zero when a check failed. */
/* Sets every bias of weights object w to a pseudo-random value in
 * [-0.5, 0.5) (at_tr_random_weights leaves them 0). */
static void set_biases(cJSON *w, uint64_t *rng)
{
	cJSON *ly, *b;

	cJSON_ArrayForEach(ly, cJSON_GetObjectItemCaseSensitive(w, "layers"))
		cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(ly, "b"))
			cJSON_SetNumberValue(b, rnd(rng, -0.5, 0.5));
}

/* Loads weights object w after `edit` set "doubt" to dv (< -99: none)
 * and head2's "member_b" to its first nb biases (nb < 0: unchanged, 0:
 * removed); returns whether it loads, with the error in err. */
static int doubt_loads(const cJSON *w, double dv, int nb, char *err,
	size_t errlen)
{
	cJSON *c = cJSON_Duplicate(w, 1);
	cJSON *h2 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(c,
		"layers"), AT_LAYER_HEAD2);
	cJSON *mb = cJSON_GetObjectItemCaseSensitive(h2, "member_b");
	at_model *m;

	if (dv > -99)
		cJSON_AddNumberToObject(c, "doubt", dv);
	if (nb == 0)
		cJSON_DeleteItemFromObject(h2, "member_b");
	while (nb > 0 && cJSON_GetArraySize(mb) > nb)
		cJSON_DeleteItemFromArray(mb, nb);
	m = at_model_from_json(c, "edited", "ens-1", 4, 6, err, errlen);
	at_model_free(m);
	cJSON_Delete(c);
	return m != NULL;
}

/* Ensemble caution on the merged network em of test_ensemble (object e;
 * single member a): with doubt 1.5 it predicts the mean of the members'
 * predictions p[k] minus 1.5 times their population standard deviation,
 * computed here from p; doubt 0 gives the mean pe again; a single
 * network refuses a doubt; the file's "doubt" needs member_b, one per
 * block, and lies in 0..10. */
static void test_doubt(const cJSON *e, at_model *em, at_model *a,
	const float *nest, const float *cand, float p[3][300],
	const float *pe)
{
	enum { N = 3, NC = 300 };
	float pd[NC], p0[NC];
	double worst = 0;
	char err[512];

	AT_CHECK(at_model_members(em) == N && at_model_members(a) == 0,
		"doubt: the merged network has %d member biases (got %d), a "
		"single one none (got %d)", N, at_model_members(em),
		at_model_members(a));
	AT_CHECK(at_model_set_doubt(a, 1) < 0 && at_model_doubt(a) == 0,
		"doubt: a single network refuses doubt 1");
	AT_CHECK(at_model_set_doubt(em, -0.5) < 0 && at_model_set_doubt(em,
		11) < 0, "doubt: -0.5 and 11 are refused");
	if (at_model_set_doubt(em, 1.5) < 0 ||
	    at_model_predict(em, nest, cand, NC, 0, pd) < 0) {
		AT_CHECK(0, "doubt: doubt 1.5 set and predicted");
		return;
	}
	for (int i = 0; i < NC; i++) {
		double mean = 0, var = 0;
		for (int k = 0; k < N; k++)
			mean += p[k][i] / N;
		for (int k = 0; k < N; k++)
			var += (p[k][i] - mean) * (p[k][i] - mean) / N;
		if (fabs(pd[i] - (mean - 1.5 * sqrt(var))) > worst)
			worst = fabs(pd[i] - (mean - 1.5 * sqrt(var)));
	}
	AT_CHECK(worst < 1e-5, "doubt 1.5: the members' mean minus 1.5 "
		"times their spread on %d candidates (largest difference "
		"%.2g)", NC, worst);
	at_model_set_doubt(em, 0);
	at_model_predict(em, nest, cand, NC, 0, p0);
	AT_CHECK(!memcmp(p0, pe, sizeof p0), "doubt 0 predicts the mean "
		"exactly as before");
	AT_CHECK(doubt_loads(e, 0.5, -1, err, sizeof err), "doubt 0.5 with "
		"member_b loads (%s)", err);
	AT_CHECK(!doubt_loads(e, 0.5, 0, err, sizeof err) &&
		strstr(err, "member_b"), "doubt 0.5 without member_b is "
		"refused (%s)", err);
	AT_CHECK(doubt_loads(e, -100, 0, err, sizeof err), "no doubt and no "
		"member_b loads (%s)", err);
	AT_CHECK(!doubt_loads(e, 0.5, 2, err, sizeof err) &&
		strstr(err, "member_b"), "member_b of 2 for 3 blocks is "
		"refused (%s)", err);
	AT_CHECK(!doubt_loads(e, 12, -1, err, sizeof err) &&
		strstr(err, "doubt"), "doubt 12 is refused (%s)", err);
}

/* at_tr_ensemble: 3 random networks of width 5 (nonzero biases) merged
 * into one of width 15 predict, through at_model, the mean of the three
 * networks' own predictions on 300 random candidates; one member of
 * another width is refused. */
static void test_ensemble(void)
{
	enum { N = 3, DN = 4, DC = 6, H = 5, NC = 300 };
	cJSON *m[N + 1] = { 0 }, *e, *odd;
	at_model *am[N] = { 0 }, *em = NULL;
	float nest[DN], cand[NC * DC], p[N][NC], pe[NC];
	uint64_t rng = 99;
	double worst = 0;
	int ok = 1;

	for (int k = 0; k < N; k++) {
		m[k] = at_tr_random_weights("ens-1", DN, DC, H, 11 + k);
		if (m[k])
			set_biases(m[k], &rng);
		am[k] = m[k] ? at_model_from_json(m[k], "member", "ens-1", DN,
			DC, NULL, 0) : NULL;
		ok &= am[k] != NULL;
	}
	e = ok ? at_tr_ensemble(m, N) : NULL;
	em = e ? at_model_from_json(e, "merged", "ens-1", DN, DC, NULL, 0) :
		NULL;
	AT_CHECK(em != NULL, "ensemble: 3 networks of width %d merge into "
		"weights at_model loads", H);
	if (!em)
		goto out;
	{
		int hid[4];
		at_model_hidden(em, hid);
		AT_CHECK(hid[0] == N * H && hid[1] == N * H && hid[2] == N * H &&
			hid[3] == N * H, "ensemble: merged widths %d %d %d %d, "
			"want %d", hid[0], hid[1], hid[2], hid[3], N * H);
	}
	AT_CHECK(at_model_blocks(em) == N && at_model_blocks(am[0]) == 1,
		"ensemble: head1's candidate rows score as %d diagonal blocks "
		"(got %d; 5 blocks of 3 would also divide 15 but are not "
		"zero outside), a member's as one (got %d)", N,
		at_model_blocks(em), at_model_blocks(am[0]));
	for (int i = 0; i < DN; i++)
		nest[i] = (float)rnd(&rng, -2, 2);
	for (int i = 0; i < NC * DC; i++)
		cand[i] = (float)rnd(&rng, -2, 2);
	for (int k = 0; k < N; k++)
		at_model_predict(am[k], nest, cand, NC, 0, p[k]);
	at_model_predict(em, nest, cand, NC, 0, pe);
	for (int i = 0; i < NC; i++) {
		double mean = (p[0][i] + p[1][i] + p[2][i]) / N;
		if (fabs(pe[i] - mean) > worst)
			worst = fabs(pe[i] - mean);
	}
	AT_CHECK(worst < 1e-5, "ensemble: the merged network predicts the "
		"members' mean on %d candidates (largest difference %.2g)", NC,
		worst);
	test_doubt(e, em, am[0], nest, cand, p, pe);
	odd = at_tr_random_weights("ens-1", DN, DC, H + 1, 5);
	m[N] = m[1];
	m[1] = odd;
	{
		cJSON *bad = odd ? at_tr_ensemble(m, N) : NULL;
		AT_CHECK(odd && !bad, "ensemble: members of different widths "
			"are refused");
		cJSON_Delete(bad);
	}
	m[1] = m[N];
	m[N] = NULL;
	cJSON_Delete(odd);
out:
	for (int k = 0; k < N; k++) {
		at_model_free(am[k]);
		cJSON_Delete(m[k]);
	}
	at_model_free(em);
	cJSON_Delete(e);
}

/* Sets the candidate norm of w to pseudo-random means in [-1, 1) and
 * standard deviations in [0.5, 2). */
static void set_cand_norm(cJSON *w, uint64_t *rng)
{
	cJSON *norm = cJSON_GetObjectItemCaseSensitive(w, "norm"), *x;

	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(norm,
	    "cand_mean"))
		cJSON_SetNumberValue(x, rnd(rng, -1, 1));
	cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(norm,
	    "cand_std"))
		cJSON_SetNumberValue(x, rnd(rng, 0.5, 2));
}

/* at_tr_fold_last_cand: a random network of DC + 1 inputs (nonzero
 * biases and norm), its last input folded at 0.75, predicts through
 * at_model on DC inputs what the unfolded one predicts with that input at
 * 0.75, for 200 random candidates; the name and norm entries go; a
 * network of one candidate input is refused. */
static void test_fold(void)
{
	enum { DN = 3, DC = 4, H = 6, NC = 200 };
	cJSON *w = at_tr_random_weights("fold-1", DN, DC + 1, H, 21);
	cJSON *one = at_tr_random_weights("fold-1", DN, 1, H, 22);
	at_model *full = NULL, *folded = NULL;
	float nest[DN], cf[NC * (DC + 1)], c[NC * DC], pf[NC], p[NC];
	uint64_t rng = 5;
	double worst = 0;

	if (!w || !one)
		goto out;
	set_biases(w, &rng);
	set_cand_norm(w, &rng);
	full = at_model_from_json(w, "full", "fold-1", DN, DC + 1, NULL, 0);
	AT_CHECK(full && at_tr_fold_last_cand(w, 0.75f) == 0,
		"fold: a network of %d candidate inputs loads and folds", DC + 1);
	folded = at_model_from_json(w, "folded", "fold-1", DN, DC, NULL, 0);
	AT_CHECK(folded != NULL && cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(w, "cand_names")) == DC,
		"fold: the folded weights load with %d candidate inputs and "
		"names", DC);
	if (!full || !folded)
		goto out;
	for (int i = 0; i < DN; i++)
		nest[i] = (float)rnd(&rng, -2, 2);
	for (int i = 0; i < NC; i++) {
		for (int j = 0; j < DC; j++)
			c[i * DC + j] = cf[i * (DC + 1) + j] =
				(float)rnd(&rng, -2, 2);
		cf[i * (DC + 1) + DC] = 0.75f;
	}
	at_model_predict(full, nest, cf, NC, 0, pf);
	at_model_predict(folded, nest, c, NC, 0, p);
	for (int i = 0; i < NC; i++)
		if (fabs(p[i] - pf[i]) > worst)
			worst = fabs(p[i] - pf[i]);
	AT_CHECK(worst < 1e-5, "fold: the folded network predicts as the "
		"full one with the input at 0.75 (largest difference %.2g)",
		worst);
	AT_CHECK(at_tr_fold_last_cand(one, 0) < 0 && cJSON_GetArraySize(
		cJSON_GetObjectItemCaseSensitive(one, "cand_names")) == 1,
		"fold: a network of one candidate input is refused, unchanged");
out:
	AT_CHECK(w && one, "fold: random weights made");
	at_model_free(full);
	at_model_free(folded);
	cJSON_Delete(w);
	cJSON_Delete(one);
}

/* Loading the first model loads OpenBLAS with variables of its own set
 * (at_blas.h); they must not stay in the environment the programs
 * autotile starts (--autotune) inherit.  Returns the model loaded. */
static at_model *test_blas_env(char *err, size_t errlen)
{
	at_model *m;

	unsetenv("OPENBLAS_NUM_THREADS");
	setenv("OPENBLAS_CORETYPE", "", 1);	/* empty: not a choice */
	m = at_model_load(SMALL, "test-1", 3, 2, err, errlen);
	AT_CHECK(getenv("OPENBLAS_NUM_THREADS") == NULL,
		"OPENBLAS_NUM_THREADS is unset again after loading OpenBLAS");
	AT_CHECK(getenv("OPENBLAS_CORETYPE") &&
		!strcmp(getenv("OPENBLAS_CORETYPE"), ""),
		"OPENBLAS_CORETYPE is empty again after loading OpenBLAS");
	AT_CHECK(at_blas_core()[0] != '\0', "OpenBLAS names its kernels (%s)",
		at_blas_core());
	return m;
}

int main(void)
{
	char dir[] = "/tmp/at_test_model_XXXXXX", err[512];
	at_model *m = test_blas_env(err, sizeof err);

	AT_CHECK(m != NULL, "load %s (%s)", SMALL, m ? "ok" : err);
	if (m) {
		test_predict(m);
		test_explain(m);
		test_accessors(m);
		test_topk_pick(m);
		at_model_free(m);
	}
	if (!mkdtemp(dir)) {
		AT_CHECK(0, "mkdtemp");
		AT_TEST_END();
	}
	test_corrupt(dir);
	test_metrics(dir);
	test_group_sizes(dir);
	test_fixed_slower(dir);
	test_margin_tolerance(dir);
	test_reader_errors(dir);
	test_split();
	test_split_series4();
	test_train(dir);
	test_unseen(dir);
	test_cens_losses();
	test_rank_top();
	test_spread_losses();
	test_spread_data(dir);
	test_cens_metrics(dir);
	test_cens_train(dir);
	test_ensemble();
	test_fold();
	rmdir(dir);
	AT_TEST_END();
}
