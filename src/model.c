/*
 * model.c — the learned cost model: weights loading and validation,
 * batched CBLAS inference, attributions (see include/at_model.h).
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_model.h"
#include "at_blas.h"
#include "at_buf.h"

static const char *const at_model_layer_names[AT_MODEL_N_LAYER] = {
	"nest1", "nest2", "cand1", "head1", "head2"
};

/* The name of layer l (see at_model.h). */
const char *at_model_layer_name(enum at_model_layer l)
{
	return at_model_layer_names[l];
}

/* Largest accepted layer dimension and layer size (floats). */
#define AT_MODEL_MAX_DIM 65536
#define AT_MODEL_MAX_SIZE (1L << 26)

/* At most this many diagonal blocks are looked for in head1 (an
 * ensemble's members; autotile-train merges at most 8). */
#define AT_MODEL_MAX_BLOCKS 8

struct at_model {
	int dn, dc;
	int rows[AT_MODEL_N_LAYER], cols[AT_MODEL_N_LAYER];
	float *w[AT_MODEL_N_LAYER];	/* nest1, cand1: normalisation folded */
	float *b[AT_MODEL_N_LAYER];
	float *nest_mean, *nest_std, *cand_mean, *cand_std;
	float keep_margin;
	int blocks;			/* head1's candidate rows: this many
					 * diagonal blocks (an ensemble's
					 * members), zero elsewhere; 1: dense */
	int members;			/* head2's "member_b": the ensemble's
					 * members with their own output
					 * biases (0: not given) */
	float *member_w, *member_b;	/* members x head2: member k's output
					 * weights (its block of head2 times
					 * members, zero elsewhere); biases */
	float doubt;			/* score: members' mean minus doubt
					 * times their spread (0: the mean) */
	char **nest_names, **cand_names;
	cJSON *info;			/* machine, metrics, dataset, training */
};

/* Where load errors go: the file's name and the caller's buffer. */
typedef struct at_model_ld {
	const char *name;
	char *err;
	size_t errlen;
} at_model_ld;

/* Writes "name: <formatted text>" into ld's buffer; returns -1. */
static int at_model_fail(const at_model_ld *ld, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int at_model_fail(const at_model_ld *ld, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!ld->err || ld->errlen == 0)
		return -1;
	n = snprintf(ld->err, ld->errlen, "%s: ", ld->name);
	if (n < 0 || (size_t)n >= ld->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(ld->err + n, ld->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Frees an array of n strings (NULL entries allowed) and the array. */
static void at_model_free_names(char **v, int n)
{
	if (!v)
		return;
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Frees m and everything it owns; NULL is allowed. */
void at_model_free(at_model *m)
{
	if (!m)
		return;
	for (int l = 0; l < AT_MODEL_N_LAYER; l++) {
		free(m->w[l]);
		free(m->b[l]);
	}
	free(m->nest_mean);
	free(m->nest_std);
	free(m->cand_mean);
	free(m->cand_std);
	free(m->member_w);
	free(m->member_b);
	at_model_free_names(m->nest_names, m->dn);
	at_model_free_names(m->cand_names, m->dc);
	cJSON_Delete(m->info);
	free(m);
}

/* Reads the whole file `path` into a new NUL-terminated string; returns
 * it, or NULL after a message in ld. */
static char *at_model_slurp(const at_model_ld *ld, const char *path)
{
	at_buf b = { 0 };
	int r = at_buf_read_file(&b, path);

	if (r < 0) {
		at_model_fail(ld, r == -1 ? "cannot open: %s" :
			"cannot read: %s", strerror(errno ? errno : EIO));
		at_buf_clear(&b);
		return NULL;
	}
	return at_buf_take(&b);
}

/* Returns the 1-based line of position `at` in text s. */
static int at_model_line(const char *s, const char *at)
{
	int line = 1;

	for (; s < at && *s; s++)
		line += *s == '\n';
	return line;
}

/* Fills out[0..n-1] from the JSON array `a` named `what`: exactly n
 * finite numbers that fit a float.  Returns 0 or -1 after a message. */
static int at_model_floats(const at_model_ld *ld, const cJSON *a, int n,
	float *out, const char *what)
{
	int k = 0;
	const cJSON *x;

	if (!cJSON_IsArray(a))
		return at_model_fail(ld, "%s: missing or not an array", what);
	if (cJSON_GetArraySize(a) != n)
		return at_model_fail(ld, "%s: expected %d numbers, found %d",
			what, n, cJSON_GetArraySize(a));
	cJSON_ArrayForEach(x, a) {
		if (!cJSON_IsNumber(x))
			return at_model_fail(ld, "%s[%d] is not a number",
				what, k);
		if (!isfinite(x->valuedouble) ||
		    fabs(x->valuedouble) > FLT_MAX)
			return at_model_fail(ld, "%s[%d] is not finite", what,
				k);
		out[k++] = (float)x->valuedouble;
	}
	return 0;
}

/* Returns a new float array of n elements read from member `key` of obj
 * (a message names it as "prefix.key"), or NULL after a message. */
static float *at_model_vec(const at_model_ld *ld, const cJSON *obj,
	const char *key, int n, const char *prefix)
{
	float *v = malloc((n ? n : 1) * sizeof(float));
	char what[64];

	snprintf(what, sizeof what, "%s%s%s", prefix, *prefix ? "." : "",
		key);
	if (!v) {
		at_model_fail(ld, "out of memory");
		return NULL;
	}
	if (at_model_floats(ld, cJSON_GetObjectItemCaseSensitive(obj, key), n,
	    v, what) < 0) {
		free(v);
		return NULL;
	}
	return v;
}

/* Returns a new array of the n strings of member `key` of root, or NULL
 * after a message. */
static char **at_model_names(const at_model_ld *ld, const cJSON *root,
	const char *key, int n)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, key), *x;
	char **v;
	int k = 0;

	if (!cJSON_IsArray(a)) {
		at_model_fail(ld, "'%s': missing or not an array", key);
		return NULL;
	}
	if (cJSON_GetArraySize(a) != n) {
		at_model_fail(ld, "'%s': expected %d names, found %d", key, n,
			cJSON_GetArraySize(a));
		return NULL;
	}
	v = calloc(n ? n : 1, sizeof(char *));
	if (!v) {
		at_model_fail(ld, "out of memory");
		return NULL;
	}
	cJSON_ArrayForEach(x, a) {
		if (!cJSON_IsString(x)) {
			at_model_fail(ld, "'%s'[%d] is not a string", key, k);
			goto error;
		}
		if (!(v[k++] = strdup(x->valuestring))) {
			at_model_fail(ld, "out of memory");
			goto error;
		}
	}
	return v;
error:
	at_model_free_names(v, n);
	return NULL;
}

/* Checks schema and layout of root against the caller's layout.
 * Returns 0 or -1 after a message. */
static int at_model_check_head(const at_model_ld *ld, const cJSON *root,
	const char *layout)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "schema");
	const cJSON *l = cJSON_GetObjectItemCaseSensitive(root, "layout");

	if (!cJSON_IsObject(root))
		return at_model_fail(ld, "not a JSON object");
	if (!cJSON_IsNumber(s))
		return at_model_fail(ld, "'schema': missing or not a number");
	if (s->valuedouble != AT_MODEL_SCHEMA)
		return at_model_fail(ld, "schema %g, this autotile reads "
			"schema %d", s->valuedouble, AT_MODEL_SCHEMA);
	if (!cJSON_IsString(l))
		return at_model_fail(ld, "'layout': missing or not a string");
	if (strcmp(l->valuestring, layout) != 0)
		return at_model_fail(ld, "feature layout '%s', expected '%s' "
			"(retrain: make dataset train)", l->valuestring,
			layout);
	return 0;
}

/* Reads the four normalisation vectors of "norm" into m; std entries
 * must be positive.  Returns 0 or -1 after a message. */
static int at_model_read_norm(const at_model_ld *ld, const cJSON *root,
	at_model *m)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(root, "norm");

	if (!cJSON_IsObject(n))
		return at_model_fail(ld, "'norm': missing or not an object");
	m->nest_mean = at_model_vec(ld, n, "nest_mean", m->dn, "norm");
	m->nest_std = m->nest_mean ?
		at_model_vec(ld, n, "nest_std", m->dn, "norm") : NULL;
	m->cand_mean = m->nest_std ?
		at_model_vec(ld, n, "cand_mean", m->dc, "norm") : NULL;
	m->cand_std = m->cand_mean ?
		at_model_vec(ld, n, "cand_std", m->dc, "norm") : NULL;
	if (!m->cand_std)
		return -1;
	for (int i = 0; i < m->dn; i++)
		if (!(m->nest_std[i] > 0))
			return at_model_fail(ld, "norm.nest_std[%d] is not "
				"positive", i);
	for (int i = 0; i < m->dc; i++)
		if (!(m->cand_std[i] > 0))
			return at_model_fail(ld, "norm.cand_std[%d] is not "
				"positive", i);
	return 0;
}

/* Returns the integer member `key` of layer object o in 1..max, or -1
 * after a message. */
static int at_model_dim(const at_model_ld *ld, const cJSON *o,
	const char *lname, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsNumber(x) || x->valuedouble < 1 ||
	    x->valuedouble > AT_MODEL_MAX_DIM ||
	    x->valuedouble != (int)x->valuedouble)
		return at_model_fail(ld, "layer '%s': '%s' is not an integer "
			"in 1..%d", lname, key, AT_MODEL_MAX_DIM);
	return (int)x->valuedouble;
}

/* The number of rows layer l must have given the earlier layers of m
 * (cols of head2 must be 1, checked by the caller). */
static int at_model_want_rows(const at_model *m, int l)
{
	switch (l) {
	case AT_LAYER_NEST1: return m->dn;
	case AT_LAYER_NEST2: return m->cols[AT_LAYER_NEST1];
	case AT_LAYER_CAND1: return m->dc;
	case AT_LAYER_HEAD1:
		return m->cols[AT_LAYER_NEST2] + m->cols[AT_LAYER_CAND1];
	default: return m->cols[AT_LAYER_HEAD1];
	}
}

/* Reads layer l (object o) into m: name, shape chaining, data.  Returns 0
 * or -1 after a message. */
static int at_model_read_layer(const at_model_ld *ld, const cJSON *o,
	at_model *m, int l)
{
	const char *want = at_model_layer_names[l];
	const cJSON *nm = cJSON_GetObjectItemCaseSensitive(o, "name");
	int r, c, wr = at_model_want_rows(m, l);
	char what[48];

	if (!cJSON_IsObject(o))
		return at_model_fail(ld, "layers[%d] is not an object", l);
	if (!cJSON_IsString(nm) || strcmp(nm->valuestring, want) != 0)
		return at_model_fail(ld, "layers[%d]: expected name '%s', "
			"found %s%s%s", l, want, cJSON_IsString(nm) ? "'" : "",
			cJSON_IsString(nm) ? nm->valuestring : "none",
			cJSON_IsString(nm) ? "'" : "");
	if ((r = at_model_dim(ld, o, want, "rows")) < 0 ||
	    (c = at_model_dim(ld, o, want, "cols")) < 0)
		return -1;
	if (r != wr || (l == AT_LAYER_HEAD2 && c != 1))
		return at_model_fail(ld, "layer '%s': expected %dx%s, found "
			"%dx%d", want, wr, l == AT_LAYER_HEAD2 ? "1" : "*",
			r, c);
	if ((long)r * c > AT_MODEL_MAX_SIZE)
		return at_model_fail(ld, "layer '%s': %dx%d is too large",
			want, r, c);
	m->rows[l] = r;
	m->cols[l] = c;
	snprintf(what, sizeof what, "layer '%s': w", want);
	if (!(m->w[l] = malloc((size_t)r * c * sizeof(float))))
		return at_model_fail(ld, "out of memory");
	if (at_model_floats(ld, cJSON_GetObjectItemCaseSensitive(o, "w"),
	    r * c, m->w[l], what) < 0)
		return -1;
	snprintf(what, sizeof what, "layer '%s': b", want);
	if (!(m->b[l] = malloc(c * sizeof(float))))
		return at_model_fail(ld, "out of memory");
	return at_model_floats(ld, cJSON_GetObjectItemCaseSensitive(o, "b"),
		c, m->b[l], what);
}

/* Reads the "layers" array of root into m.  Returns 0 or -1 after a
 * message. */
static int at_model_read_layers(const at_model_ld *ld, const cJSON *root,
	at_model *m)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "layers");

	if (!cJSON_IsArray(a))
		return at_model_fail(ld, "'layers': missing or not an array");
	if (cJSON_GetArraySize(a) != AT_MODEL_N_LAYER)
		return at_model_fail(ld, "'layers': expected %d layers (nest1, "
			"nest2, cand1, head1, head2), found %d",
			AT_MODEL_N_LAYER, cJSON_GetArraySize(a));
	for (int l = 0; l < AT_MODEL_N_LAYER; l++)
		if (at_model_read_layer(ld, cJSON_GetArrayItem(a, l), m, l) < 0)
			return -1;
	return 0;
}

/* Copies the optional objects machine, metrics, dataset, training and
 * the optional array machines of root into m->info.  Returns 0 or -1
 * after a message. */
static int at_model_read_info(const at_model_ld *ld, const cJSON *root,
	at_model *m)
{
	static const struct {
		const char *key;
		int array;	/* 1: an array, 0: an object */
	} keys[] = {
		{ "machine", 0 }, { "metrics", 0 }, { "dataset", 0 },
		{ "training", 0 }, { "machines", 1 }
	};

	m->info = cJSON_CreateObject();
	if (!m->info)
		return at_model_fail(ld, "out of memory");
	for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
		const char *key = keys[k].key;
		const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, key);
		cJSON *d;

		if (!o)
			continue;
		if (keys[k].array ? !cJSON_IsArray(o) : !cJSON_IsObject(o))
			return at_model_fail(ld, "'%s' is not an %s", key,
				keys[k].array ? "array" : "object");
		d = cJSON_Duplicate(o, 1);
		if (!d || !cJSON_AddItemToObject(m->info, key, d)) {
			cJSON_Delete(d);
			return at_model_fail(ld, "out of memory");
		}
	}
	return 0;
}

/* Folds z = (x - mean) / std into the first layer (rows x cols weights w,
 * bias b): w[i][j] /= std[i], b[j] -= sum_i mean[i] * w'[i][j]. */
static void at_model_fold(float *w, float *b, int rows, int cols,
	const float *mean, const float *std)
{
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			w[i * cols + j] /= std[i];
			b[j] -= mean[i] * w[i * cols + j];
		}
}

/* Returns 1 when the rows x cols matrix w (row-major) is zero outside
 * the n diagonal blocks of rows/n x cols/n. */
static int at_model_is_blocked(const float *w, int rows, int cols, int n)
{
	int br = rows / n, bc = cols / n;

	if (n < 2 || rows % n || cols % n)
		return 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			if (i / br != j / bc && w[(size_t)i * cols + j] != 0)
				return 0;
	return 1;
}

/* Sets m->blocks: the most diagonal blocks (at most AT_MODEL_MAX_BLOCKS)
 * that head1's candidate rows form, as the merged networks of an
 * ensemble do; 1 when they form none.  Scoring then multiplies by the
 * blocks alone (at_model_chunk), which computes the same sums. */
static void at_model_find_blocks(at_model *m)
{
	int b = m->cols[AT_LAYER_NEST2], c = m->cols[AT_LAYER_CAND1],
		d = m->cols[AT_LAYER_HEAD1];

	m->blocks = 1;
	for (int n = AT_MODEL_MAX_BLOCKS; n >= 2; n--)
		if (at_model_is_blocked(m->w[AT_LAYER_HEAD1] + (size_t)b * d,
		    c, d, n)) {
			m->blocks = n;
			return;
		}
}

/* Reads the keep margin of root into m.  Returns 0 or -1 after a
 * message. */
static int at_model_read_margin(const at_model_ld *ld, const cJSON *root,
	at_model *m)
{
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "keep_margin");

	if (!cJSON_IsNumber(k) || !isfinite(k->valuedouble) ||
	    fabs(k->valuedouble) > 100)
		return at_model_fail(ld, "'keep_margin': missing or not a "
			"finite number in -100..100");
	m->keep_margin = (float)k->valuedouble;
	return 0;
}

/* Reads the optional ensemble caution of root into m: head2's
 * "member_b" (one output bias per member; head1's candidate rows must be
 * as many diagonal blocks) and "doubt" (0..10, default 0; above 0 it
 * needs member_b).  Call after the layers are read.  Returns 0 or -1
 * after a message. */
static int at_model_read_doubt(const at_model_ld *ld, const cJSON *root,
	at_model *m)
{
	const cJSON *dv = cJSON_GetObjectItemCaseSensitive(root, "doubt");
	const cJSON *h2 = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
		root, "layers"), AT_LAYER_HEAD2);
	const cJSON *mb = cJSON_GetObjectItemCaseSensitive(h2, "member_b");
	int n = cJSON_GetArraySize(mb), d = m->cols[AT_LAYER_HEAD1];
	float doubt = dv && cJSON_IsNumber(dv) ? (float)dv->valuedouble : 0;

	if (dv && (!cJSON_IsNumber(dv) || !(doubt >= 0) || doubt > 10))
		return at_model_fail(ld, "'doubt': not a number in 0..10");
	if (!mb)
		return at_model_set_doubt(m, doubt) < 0 ? at_model_fail(ld,
			"'doubt' %g needs head2's 'member_b' (an ensemble's "
			"output biases)", doubt) : 0;
	if (!cJSON_IsArray(mb) || n < 2 || n > AT_MODEL_MAX_BLOCKS ||
	    d % n || !at_model_is_blocked(m->w[AT_LAYER_HEAD1] +
	    (size_t)m->cols[AT_LAYER_NEST2] * d, m->cols[AT_LAYER_CAND1], d,
	    n))
		return at_model_fail(ld, "head2.member_b: not one bias per "
			"diagonal block of head1 (2..%d of them)",
			AT_MODEL_MAX_BLOCKS);
	m->member_b = at_model_vec(ld, h2, "member_b", n, "head2");
	m->member_w = calloc((size_t)d * n, sizeof(float));
	if (!m->member_b || !m->member_w)
		return m->member_b ? at_model_fail(ld, "out of memory") : -1;
	for (int j = 0; j < d; j++)
		m->member_w[(size_t)j * n + j / (d / n)] =
			n * m->w[AT_LAYER_HEAD2][j];
	m->members = n;
	return at_model_set_doubt(m, doubt);
}

/* Builds a model from the parsed weights object root (see at_model.h). */
at_model *at_model_from_json(const cJSON *root, const char *name,
	const char *layout, int dn, int dc, char *err, size_t errlen)
{
	at_model_ld ld = { name, err, errlen };
	char blas[256];
	at_model *m;

	if (errlen > 0)
		err[0] = '\0';
	if (dn < 1 || dc < 1 || !layout) {
		at_model_fail(&ld, "bad caller dimensions %dx%d", dn, dc);
		return NULL;
	}
	if (at_blas_init(1, blas, sizeof(blas)) < 0) {
		if (errlen > 0)	/* not the weights' fault: no file name */
			snprintf(err, errlen, "%s", blas);
		return NULL;
	}
	m = calloc(1, sizeof(*m));
	if (!m) {
		at_model_fail(&ld, "out of memory");
		return NULL;
	}
	m->dn = dn;
	m->dc = dc;
	if (at_model_check_head(&ld, root, layout) < 0 ||
	    !(m->nest_names = at_model_names(&ld, root, "nest_names", dn)) ||
	    !(m->cand_names = at_model_names(&ld, root, "cand_names", dc)) ||
	    at_model_read_norm(&ld, root, m) < 0 ||
	    at_model_read_margin(&ld, root, m) < 0 ||
	    at_model_read_layers(&ld, root, m) < 0 ||
	    at_model_read_info(&ld, root, m) < 0)
		goto error;
	at_model_fold(m->w[AT_LAYER_NEST1], m->b[AT_LAYER_NEST1], dn,
		m->cols[AT_LAYER_NEST1], m->nest_mean, m->nest_std);
	at_model_fold(m->w[AT_LAYER_CAND1], m->b[AT_LAYER_CAND1], dc,
		m->cols[AT_LAYER_CAND1], m->cand_mean, m->cand_std);
	at_model_find_blocks(m);
	if (at_model_read_doubt(&ld, root, m) < 0)
		goto error;
	return m;
error:
	at_model_free(m);
	return NULL;
}

/* Pins OpenBLAS to one thread (see at_model.h). */
void at_model_one_thread(void)
{
	if (at_blas_init(1, NULL, 0) == 0)
		at_blas_one_thread();
}

/* Reads, parses and validates the weights file path (see at_model.h). */
at_model *at_model_load(const char *path, const char *layout, int dn, int dc,
	char *err, size_t errlen)
{
	at_model_ld ld = { path, err, errlen };
	const char *end = NULL;
	char *text;
	cJSON *root;
	at_model *m;

	if (errlen > 0)
		err[0] = '\0';
	text = at_model_slurp(&ld, path);
	if (!text)
		return NULL;
	root = cJSON_ParseWithOpts(text, &end, 1);
	if (!root) {
		at_model_fail(&ld, "not valid JSON (line %d)",
			end ? at_model_line(text, end) : 1);
		free(text);
		return NULL;
	}
	free(text);
	m = at_model_from_json(root, path, layout, dn, dc, err, errlen);
	cJSON_Delete(root);
	return m;
}

/* ELU (alpha 1) over whole vectors of floats: defines `static size_t
 * NAME(float *v, size_t n)` (with function attributes ATTR), which
 * applies it in place to the longest prefix of v[0..n-1] that fills
 * vectors of type VF (ints VI of the same width) and returns that
 * prefix's length.  exp(x) for x <= 0 is computed inline: x = k ln2 + r,
 * a degree-6 polynomial for e^r, 2^k from the exponent bits; absolute
 * error against expm1 below 3e-7.  (libm's expm1f took 70% of inference
 * time.)  Every width computes each value with the same operations, no
 * fused multiply-add (gcc's ISO C mode contracts none; clang is told
 * so), so the predictions do not depend on which width the CPU runs. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF	/* gcc contracts none in ISO C mode */
#endif
#define AT_MODEL_ELU_LOOP(NAME, VF, VI, ATTR) \
ATTR static size_t NAME(float *v, size_t n) \
{ \
	const size_t w = sizeof(VF) / sizeof(float); \
	VF zero = { 0 }, x, t, r, p, s; \
	VI k, m; \
	size_t i; \
	for (i = 0; i + w <= n; i += w) { \
		memcpy(&x, v + i, sizeof x); \
		m = x < -87.0f;		/* e^-87 - 1 == -1 in float */ \
		t = (VF)((m & (VI)(zero - 87.0f)) | (~m & (VI)x)); \
		m = t > 0.0f; \
		t = (VF)(~m & (VI)t); \
		k = __builtin_convertvector(t * 1.44269504f - 0.5f, VI); \
		r = __builtin_convertvector(k, VF); \
		r = t - r * 0.693359375f + r * 2.12194440e-4f; \
		p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * \
			(1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720)))))); \
		s = p * (VF)((k + 127) << 23) - 1.0f; \
		m = x > 0.0f; \
		x = (VF)((m & (VI)x) | (~m & (VI)s)); \
		memcpy(v + i, &x, sizeof x); \
	} \
	return i; \
}

/* Four floats / int32s (GCC and clang vector extensions; SSE2 on x86-64). */
typedef float at_model_v4f __attribute__((vector_size(16)));
typedef int32_t at_model_v4i __attribute__((vector_size(16)));
AT_MODEL_ELU_LOOP(at_model_elu4, at_model_v4f, at_model_v4i, )

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
/* Sixteen at a time where the CPU has AVX-512, eight where it has AVX2
 * (chosen at run time). */
typedef float at_model_v8f __attribute__((vector_size(32)));
typedef int32_t at_model_v8i __attribute__((vector_size(32)));
AT_MODEL_ELU_LOOP(at_model_elu8, at_model_v8f, at_model_v8i,
	__attribute__((target("avx2"))))
#define AT_MODEL_HAVE_WIDE 1
typedef float at_model_v16f __attribute__((vector_size(64)));
typedef int32_t at_model_v16i __attribute__((vector_size(64)));
AT_MODEL_ELU_LOOP(at_model_elu16, at_model_v16f, at_model_v16i,
	__attribute__((target("avx512f"))))
#endif

/* Applies ELU (alpha 1) to v[0..n-1] in place: sixteen at a time with
 * AVX-512 and eight with AVX2 when the CPU has them, then four at a time,
 * the last 1 to 3 padded. */
static void at_model_elu(float *v, size_t n)
{
	float pad[4] = { 0 };
	size_t i = 0;

#ifdef AT_MODEL_HAVE_WIDE
	if (__builtin_cpu_supports("avx512f"))
		i = at_model_elu16(v, n);
	if (__builtin_cpu_supports("avx2"))
		i += at_model_elu8(v + i, n - i);
#endif
	i += at_model_elu4(v + i, n - i);
	if (i < n) {
		memcpy(pad, v + i, (n - i) * sizeof(float));
		at_model_elu4(pad, 4);
		memcpy(v + i, pad, (n - i) * sizeof(float));
	}
}

/* Sets each of the n rows (cols floats) of y to the vector b. */
static void at_model_bias_rows(float *y, int n, int cols, const float *b)
{
	for (int r = 0; r < n; r++)
		memcpy(y + (size_t)r * cols, b, cols * sizeof(float));
}

/* y[cols] = x[rows] W + b for one vector (W rows x cols, row-major). */
static void at_model_vecmat(const float *x, const float *w, const float *b,
	int rows, int cols, float *y)
{
	memcpy(y, b, cols * sizeof(float));
	at_blas_sgemv(CblasRowMajor, CblasTrans, rows, cols, 1.0f, w, cols, x, 1,
		1.0f, y, 1);
}

/* Y (n x cols, leading dimension ldy) += X (n x rows, leading dimension
 * ldx) W (rows x cols, leading dimension ldw). */
static void at_model_gemm_ld(const float *x, int ldx, const float *w,
	int ldw, int n, int rows, int cols, float *y, int ldy)
{
	at_blas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, cols, rows,
		1.0f, x, ldx, w, ldw, 1.0f, y, ldy);
}

/* Y (n x cols) += X (n x rows) W (rows x cols, leading dimension ldw). */
static void at_model_gemm(const float *x, const float *w, int ldw, int n,
	int rows, int cols, float *y)
{
	at_model_gemm_ld(x, rows, w, ldw, n, rows, cols, y, cols);
}

/* Q (n x d) += G (n x c) W, W the c x d candidate rows of head1, one
 * product per diagonal block of W (m->blocks). */
static void at_model_head1(const at_model *m, const float *g, int n,
	float *q)
{
	int c = m->cols[AT_LAYER_CAND1], d = m->cols[AT_LAYER_HEAD1];
	int nb = m->blocks, bc = c / nb, bd = d / nb;
	const float *w = m->w[AT_LAYER_HEAD1] +
		(size_t)m->cols[AT_LAYER_NEST2] * d;

	for (int k = 0; k < nb; k++)
		at_model_gemm_ld(g + k * bc, c, w + (size_t)k * bc * d + k * bd,
			d, n, bc, bd, q + k * bd, d);
}

/* Computes the nest side once: u[d] = e W_head1[0:b] + b_head1, where e is
 * the nest embedding; tmp holds cols(nest1) + cols(nest2) floats. */
static void at_model_nest_side(const at_model *m, const float *nest,
	float *tmp, float *u)
{
	int a = m->cols[AT_LAYER_NEST1], b = m->cols[AT_LAYER_NEST2],
		d = m->cols[AT_LAYER_HEAD1];
	float *h = tmp, *e = tmp + a;

	at_model_vecmat(nest, m->w[AT_LAYER_NEST1], m->b[AT_LAYER_NEST1], m->dn,
		a, h);
	at_model_elu(h, a);
	at_model_vecmat(h, m->w[AT_LAYER_NEST2], m->b[AT_LAYER_NEST2], a, b, e);
	at_model_elu(e, b);
	at_model_vecmat(e, m->w[AT_LAYER_HEAD1], m->b[AT_LAYER_HEAD1], b, d, u);
}

/* G (n x c) = cand1's affine part for the n candidates x.  Without a
 * shared prefix (k = 0), the bias and one sgemm.  With one (k entries),
 * the prefix's share and the bias once per run of rows whose prefixes
 * are equal, copied to the run's rows, then one sgemm adds the entries
 * after the prefix (base: c floats of scratch). */
static void at_model_cand1(const at_model *m, const float *x, int n, int k,
	float *g, float *base)
{
	int c = m->cols[AT_LAYER_CAND1], dc = m->dc;
	const float *w = m->w[AT_LAYER_CAND1];

	if (!k) {
		at_model_bias_rows(g, n, c, m->b[AT_LAYER_CAND1]);
		at_model_gemm(x, w, c, n, dc, c, g);
		return;
	}
	for (int i = 0, j; i < n; i = j) {
		const float *xi = x + (size_t)i * dc;
		for (j = i + 1; j < n && !memcmp(x + (size_t)j * dc, xi,
		    (size_t)k * sizeof(float)); j++)
			;
		at_model_vecmat(xi, w, m->b[AT_LAYER_CAND1], k, c, base);
		at_model_bias_rows(g + (size_t)i * c, j - i, c, base);
	}
	if (k < dc)
		at_model_gemm_ld(x + k, dc, w + (size_t)k * c, c, n, dc - k,
			c, g, c);
}

/* out[i] = the mean of the members' predictions for row i of Q (n x
 * cols(head1), after ELU) minus m->doubt times their standard deviation;
 * y (n x members) is scratch. */
static void at_model_cautious(const at_model *m, const float *q, int n,
	float *y, float *out)
{
	int d = m->cols[AT_LAYER_HEAD1], nm = m->members;

	at_model_bias_rows(y, n, nm, m->member_b);
	at_model_gemm(q, m->member_w, nm, n, d, nm, y);
	for (int i = 0; i < n; i++) {
		const float *yi = y + (size_t)i * nm;
		double mean = 0, var = 0;
		for (int k = 0; k < nm; k++)
			mean += yi[k];
		mean /= nm;
		for (int k = 0; k < nm; k++)
			var += (yi[k] - mean) * (yi[k] - mean);
		out[i] = (float)(mean - m->doubt * sqrt(var / nm));
	}
}

/* Predicts n (<= AT_MODEL_CHUNK) candidates x, whose first k entries are
 * often shared (at_model_predict), into out, given the nest side u; g
 * (n x cols(cand1)), q (n x cols(head1)) and base (cols(cand1)) are
 * scratch. */
static void at_model_chunk(const at_model *m, const float *x, int n, int k,
	const float *u, float *g, float *q, float *base, float *out)
{
	int c = m->cols[AT_LAYER_CAND1], d = m->cols[AT_LAYER_HEAD1];

	at_model_cand1(m, x, n, k, g, base);
	at_model_elu(g, (size_t)n * c);
	at_model_bias_rows(q, n, d, u);
	at_model_head1(m, g, n, q);
	at_model_elu(q, (size_t)n * d);
	if (m->doubt > 0) {
		at_model_cautious(m, q, n, g, out);
		return;
	}
	at_model_bias_rows(out, n, 1, m->b[AT_LAYER_HEAD2]);
	at_model_gemm(q, m->w[AT_LAYER_HEAD2], 1, n, d, 1, out);
}

/* Predicts the log-speedups of n candidates (see at_model.h). */
int at_model_predict(const at_model *m, const float *nest, const float *cands,
	int n, int shared, float *out)
{
	int a = m->cols[AT_LAYER_NEST1], b = m->cols[AT_LAYER_NEST2],
		c = m->cols[AT_LAYER_CAND1];
	int d = m->cols[AT_LAYER_HEAD1],
		chunk = n < AT_MODEL_CHUNK ? n : AT_MODEL_CHUNK;
	float *buf, *u, *base, *g, *q;

	if (n < 0 || shared < 0 || shared > m->dc)
		return -1;
	if (n == 0)
		return 0;
	buf = malloc(((size_t)a + b + c + d + (size_t)chunk * (c + d)) *
		sizeof(float));
	if (!buf)
		return -1;
	u = buf + a + b;
	base = u + d;
	g = base + c;
	q = g + (size_t)chunk * c;
	at_model_nest_side(m, nest, buf, u);
	for (int i = 0; i < n; i += chunk) {
		int k = n - i < chunk ? n - i : chunk;
		at_model_chunk(m, cands + (size_t)i * m->dc, k, shared, u, g,
			q, base, out + i);
	}
	free(buf);
	return 0;
}

/* y[cols] = x[rows] W + b with plain loops (one vector, for explain). */
static void at_model_dense(const float *x, const float *w, const float *b,
	int rows, int cols, float *y)
{
	for (int j = 0; j < cols; j++)
		y[j] = b[j];
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			y[j] += x[i] * w[i * cols + j];
}

/* dx[rows] = W dy[cols] (the backward pass of a dense layer). */
static void at_model_dense_back(const float *dy, const float *w, int rows,
	int cols, float *dx)
{
	for (int i = 0; i < rows; i++) {
		float s = 0;
		for (int j = 0; j < cols; j++)
			s += w[i * cols + j] * dy[j];
		dx[i] = s;
	}
}

/* Copies ELU(a[0..n-1]) to h. */
static void at_model_elu_to(const float *a, float *h, int n)
{
	memcpy(h, a, n * sizeof(float));
	at_model_elu(h, n);
}

/* dy[i] *= ELU'(a[i]) for i < n. */
static void at_model_elu_back(const float *a, float *dy, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] < 0)
			dy[i] *= expf(a[i]);
}

/* Scratch vectors of one explained prediction (pre-activations a*, their
 * ELUs h*, and gradients). */
typedef struct at_model_ex {
	float *a1, *h1, *a2, *cat, *c1, *p, *q, *dq, *dcat, *dh1, *dx;
} at_model_ex;

/* Points the vectors of ex into one allocation; returns it or NULL. */
static float *at_model_ex_alloc(const at_model *m, at_model_ex *ex)
{
	int a = m->cols[AT_LAYER_NEST1], b = m->cols[AT_LAYER_NEST2],
		c = m->cols[AT_LAYER_CAND1];
	int d = m->cols[AT_LAYER_HEAD1], dx = m->dn > m->dc ? m->dn : m->dc;
	float *buf = malloc(((size_t)3 * a + 3 * (b + c) + 3 * d + dx) *
		sizeof(float));

	if (!buf)
		return NULL;
	ex->a1 = buf;
	ex->h1 = ex->a1 + a;
	ex->dh1 = ex->h1 + a;
	ex->a2 = ex->dh1 + a;		/* a2[b] then c1[c], contiguous */
	ex->c1 = ex->a2 + b;
	ex->cat = ex->c1 + c;		/* ELU(a2), ELU(c1) */
	ex->dcat = ex->cat + b + c;
	ex->p = ex->dcat + b + c;
	ex->q = ex->p + d;
	ex->dq = ex->q + d;
	ex->dx = ex->dq + d;
	return buf;
}

/* Writes grad * (x - mean) of rows inputs to attr (when not NULL), from
 * the gradient dl of the first layer's outputs (cols of them). */
static void at_model_attr(const at_model *m, int l, const float *dl,
	const float *x, const float *mean, float *dx, float *attr)
{
	if (!attr)
		return;
	at_model_dense_back(dl, m->w[l], m->rows[l], m->cols[l], dx);
	for (int i = 0; i < m->rows[l]; i++)
		attr[i] = dx[i] * (x[i] - mean[i]);
}

/* Gradient x input attribution of one prediction (see at_model.h). */
int at_model_explain(const at_model *m, const float *nest, const float *cand,
	float *nest_attr, float *cand_attr, float *pred)
{
	int a = m->cols[AT_LAYER_NEST1], b = m->cols[AT_LAYER_NEST2],
		c = m->cols[AT_LAYER_CAND1];
	int d = m->cols[AT_LAYER_HEAD1];
	at_model_ex ex;
	float *buf = at_model_ex_alloc(m, &ex), y;

	if (!buf)
		return -1;
	at_model_dense(nest, m->w[AT_LAYER_NEST1], m->b[AT_LAYER_NEST1], m->dn,
		a, ex.a1);
	at_model_elu_to(ex.a1, ex.h1, a);
	at_model_dense(ex.h1, m->w[AT_LAYER_NEST2], m->b[AT_LAYER_NEST2], a, b,
		ex.a2);
	at_model_dense(cand, m->w[AT_LAYER_CAND1], m->b[AT_LAYER_CAND1], m->dc,
		c, ex.c1);
	at_model_elu_to(ex.a2, ex.cat, b + c);
	at_model_dense(ex.cat, m->w[AT_LAYER_HEAD1], m->b[AT_LAYER_HEAD1],
		b + c, d, ex.p);
	at_model_elu_to(ex.p, ex.q, d);
	at_model_dense(ex.q, m->w[AT_LAYER_HEAD2], m->b[AT_LAYER_HEAD2], d, 1,
		&y);
	memcpy(ex.dq, m->w[AT_LAYER_HEAD2], d * sizeof(float));
	at_model_elu_back(ex.p, ex.dq, d);
	at_model_dense_back(ex.dq, m->w[AT_LAYER_HEAD1], b + c, d, ex.dcat);
	at_model_elu_back(ex.a2, ex.dcat, b + c);	/* a2, c1 contiguous */
	at_model_attr(m, AT_LAYER_CAND1, ex.dcat + b, cand, m->cand_mean, ex.dx,
		cand_attr);
	at_model_dense_back(ex.dcat, m->w[AT_LAYER_NEST2], a, b, ex.dh1);
	at_model_elu_back(ex.a1, ex.dh1, a);
	at_model_attr(m, AT_LAYER_NEST1, ex.dh1, nest, m->nest_mean, ex.dx,
		nest_attr);
	if (pred)
		*pred = y;
	free(buf);
	return 0;
}

/* Indices of the k largest scores, largest first (see at_model.h). */
int at_model_topk(const float *score, int n, int k, int *idx)
{
	int got = 0;

	if (k <= 0)
		return 0;
	for (int i = 0; i < n; i++) {
		int p = got < k ? got : k - 1;
		if (got == k && !(score[i] > score[idx[k - 1]]))
			continue;
		while (p > 0 && score[i] > score[idx[p - 1]]) {
			idx[p] = idx[p - 1];
			p--;
		}
		idx[p] = i;
		if (got < k)
			got++;
	}
	return got;
}

/* The candidate to use (see at_model.h). */
int at_model_pick(const at_model *m, const float *pred, int n, int keep)
{
	int best = -1;

	for (int i = 0; i < n; i++)
		if (i != keep && (best < 0 || pred[i] > pred[best]))
			best = i;
	if (best >= 0 && pred[best] > m->keep_margin)
		return best;
	return keep;
}

/* The keep margin. */
float at_model_keep_margin(const at_model *m)
{
	return m->keep_margin;
}

/* The ensemble caution of scoring (see at_model.h). */
float at_model_doubt(const at_model *m)
{
	return m->doubt;
}

/* Sets the ensemble caution of scoring (see at_model.h). */
int at_model_set_doubt(at_model *m, float doubt)
{
	if (!(doubt >= 0) || doubt > 10 || (doubt > 0 && !m->members))
		return -1;
	m->doubt = doubt;
	return 0;
}

/* Members with their own output biases (see at_model.h). */
int at_model_members(const at_model *m)
{
	return m->members;
}

/* Diagonal blocks of head1's candidate rows (see at_model.h). */
int at_model_blocks(const at_model *m)
{
	return m->blocks;
}

/* Number of nest features. */
int at_model_dn(const at_model *m)
{
	return m->dn;
}

/* Number of candidate features. */
int at_model_dc(const at_model *m)
{
	return m->dc;
}

/* Name of nest feature i, or NULL. */
const char *at_model_nest_name(const at_model *m, int i)
{
	return i >= 0 && i < m->dn ? m->nest_names[i] : NULL;
}

/* Name of candidate feature i, or NULL. */
const char *at_model_cand_name(const at_model *m, int i)
{
	return i >= 0 && i < m->dc ? m->cand_names[i] : NULL;
}

/* The four hidden sizes. */
void at_model_hidden(const at_model *m, int out[4])
{
	out[0] = m->cols[AT_LAYER_NEST1];
	out[1] = m->cols[AT_LAYER_NEST2];
	out[2] = m->cols[AT_LAYER_CAND1];
	out[3] = m->cols[AT_LAYER_HEAD1];
}

/* The optional object key of the weights file, or NULL. */
const cJSON *at_model_info(const at_model *m, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(m->info, key);
}

/* A number of an optional object, or NAN. */
double at_model_number(const at_model *m, const char *obj, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(at_model_info(m, obj),
		key);

	return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}
