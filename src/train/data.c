/*
 * data.c — training rows: reading, grouping into kernels, the split by
 * seed, normalisation constants (see at_train.h).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "at_train.h"

/* One input line being parsed: where it is, for messages. */
typedef struct at_tr_line {
	const char *path;
	long line;
	char *err;
	size_t errlen;
} at_tr_line;

/* Writes "path:line: <formatted text>" into the line's buffer; returns
 * -1. */
static int at_tr_fail(const at_tr_line *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int at_tr_fail(const at_tr_line *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!l->err || l->errlen == 0)
		return -1;
	n = l->line > 0 ?
		snprintf(l->err, l->errlen, "%s:%ld: ", l->path, l->line) :
		snprintf(l->err, l->errlen, "%s: ", l->path);
	if (n < 0 || (size_t)n >= l->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(l->err + n, l->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* autotile-gen draws each kernel from splitmix64's outputs from the seed,
 * the first of which is also this split's hash: in series 4 (seeds from
 * 3,000,000 on) that first draw picks the kernel's form, the second
 * whether it scales instead of setting 0.  Its seeds are split by the
 * same finaliser of the seed xor a constant, which is none of the
 * generator's draws. */
#define AT_TR_SERIES4 3000000LL
#define AT_TR_SALT 0x5851f42d4c957f2dULL

/* The split of a seed (splitmix64's first output from the seed, or from
 * AT_TR_SERIES4 on from the seed xor AT_TR_SALT: mod 100 for the split,
 * its next digit mod n_fold for the cross-validation part). */
at_tr_split at_tr_split_of(long long seed, int fold, int n_fold)
{
	uint64_t z = ((uint64_t)seed ^ (seed >= AT_TR_SERIES4 ? AT_TR_SALT :
		0)) + 0x9e3779b97f4a7c15ULL;
	unsigned p;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	p = (unsigned)(z % 100);
	if (p >= 85)
		return AT_TR_TEST;
	if (n_fold > 0)
		return (int)(z / 100 % (unsigned)n_fold) == fold - 1 ?
			AT_TR_VAL : AT_TR_TRAIN;
	return p < 70 ? AT_TR_TRAIN : AT_TR_VAL;
}

/* Frees an array of n strings and the array. */
static void at_tr_free_names(char **v, int n)
{
	if (!v)
		return;
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Frees everything d owns. */
void at_tr_data_free(at_tr_data *d)
{
	free(d->layout);
	at_tr_free_names(d->nest_names, d->dn);
	at_tr_free_names(d->cand_names, d->dc);
	cJSON_Delete(d->machine);
	cJSON_Delete(d->machines);
	at_tr_free_names(d->files, d->n_file);
	free(d->nest);
	free(d->cand);
	free(d->y);
	free(d->speedup);
	free(d->censored);
	free(d->role);
	for (int r = 0; d->cand_id && r < d->n_row; r++)
		free(d->cand_id[r]);
	free(d->cand_id);
	free(d->kernels);
	free(d->row_seed);
	free(d->row_file);
	free(d->row_nest);
	free(d->row_busy);
	free(d->row_var);
	free(d->label_var);
	memset(d, 0, sizeof(*d));
}

/* Returns a new copy of the string array a (n strings expected, n < 0:
 * any), setting *n; NULL after a message. */
static char **at_tr_names(const at_tr_line *l, const cJSON *a,
	const char *key, int *n)
{
	const cJSON *x;
	char **v;
	int k = 0, len = cJSON_GetArraySize(a);

	if (!cJSON_IsArray(a) || len < 1) {
		at_tr_fail(l, "header: '%s' missing or empty", key);
		return NULL;
	}
	v = calloc(len, sizeof(char *));
	if (!v) {
		at_tr_fail(l, "out of memory");
		return NULL;
	}
	cJSON_ArrayForEach(x, a) {
		if (!cJSON_IsString(x)) {
			at_tr_fail(l, "header: '%s'[%d] is not a string", key,
				k);
			goto error;
		}
		if (!(v[k++] = strdup(x->valuestring))) {
			at_tr_fail(l, "out of memory");
			goto error;
		}
	}
	*n = len;
	return v;
error:
	at_tr_free_names(v, len);
	return NULL;
}

/* Returns 1 when the n strings of a and b are equal. */
static int at_tr_same_names(char **a, char **b, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

/* Checks a later file's header (layout lay, names nn[dn], cn[dc]) against
 * the first one's in d.  Returns 0 or -1 after a message. */
static int at_tr_header_same(const at_tr_data *d, const at_tr_line *l,
	const char *lay, char **nn, int dn, char **cn, int dc)
{
	if (strcmp(d->layout, lay) == 0 && dn == d->dn && dc == d->dc &&
	    at_tr_same_names(nn, d->nest_names, dn) &&
	    at_tr_same_names(cn, d->cand_names, dc))
		return 0;
	return at_tr_fail(l, "header differs from %s's (layout '%s' %dx%d "
		"vs '%s' %dx%d, or other names)", d->files[0], lay, dn, dc,
		d->layout, d->dn, d->dc);
}

/* Appends copies of the machines of header h ("machines", written by
 * autotile-features since session 11) to d->machines.  Returns 0, or -1
 * when memory is short. */
static int at_tr_header_machines(at_tr_data *d, const cJSON *h)
{
	const cJSON *all = cJSON_GetObjectItemCaseSensitive(h, "machines");
	const cJSON *m;

	if (!d->machines && !(d->machines = cJSON_CreateArray()))
		return -1;
	cJSON_ArrayForEach(m, all)
		if (!cJSON_AddItemToArray(d->machines, cJSON_Duplicate(m, 1)))
			return -1;
	return 0;
}

/* Reads the header object h of a file into d (first file) or checks it
 * against d (later files); collects its machines.  Returns 0 or -1 after
 * a message. */
static int at_tr_header(at_tr_data *d, const at_tr_line *l, const cJSON *h)
{
	const cJSON *lay = cJSON_GetObjectItemCaseSensitive(h, "layout");
	const cJSON *mach = cJSON_GetObjectItemCaseSensitive(h, "machine");
	char **nn = NULL, **cn = NULL;
	int dn = 0, dc = 0, rc = -1;

	if (!cJSON_IsString(lay))
		return at_tr_fail(l, "first line is not a header with a "
			"\"layout\"");
	nn = at_tr_names(l, cJSON_GetObjectItemCaseSensitive(h, "nest_names"),
		"nest_names", &dn);
	cn = nn ? at_tr_names(l, cJSON_GetObjectItemCaseSensitive(h,
		"cand_names"), "cand_names", &dc) : NULL;
	if (cn && d->layout) {
		rc = at_tr_header_same(d, l, lay->valuestring, nn, dn, cn, dc);
	} else if (cn) {
		d->layout = strdup(lay->valuestring);
		d->machine = cJSON_IsObject(mach) ?
			cJSON_Duplicate(mach, 1) : NULL;
		d->nest_names = nn;
		d->cand_names = cn;
		d->dn = dn;
		d->dc = dc;
		nn = cn = NULL;		/* now d's */
		rc = d->layout ? 0 : at_tr_fail(l, "out of memory");
	}
	if (rc == 0 && at_tr_header_machines(d, h) < 0)
		rc = at_tr_fail(l, "out of memory");
	at_tr_free_names(nn, dn);
	at_tr_free_names(cn, dc);
	return rc;
}

/* Grows the per-row arrays of d to hold at least one more row.  Returns 0
 * or -1. */
static int at_tr_grow(at_tr_data *d)
{
	int cap = d->cap ? 2 * d->cap : 1024;
	void *p;

	if (d->n_row < d->cap)
		return 0;
#define AT_TR_GROW(field, size) \
	if (!(p = realloc(d->field, (size_t)cap * (size)))) return -1; \
	d->field = p;
	AT_TR_GROW(cand, d->dc * sizeof(float));
	AT_TR_GROW(row_nest, d->dn * sizeof(float));
	AT_TR_GROW(y, sizeof(float));
	AT_TR_GROW(speedup, sizeof(double));
	AT_TR_GROW(censored, 1);
	AT_TR_GROW(role, 1);
	AT_TR_GROW(cand_id, sizeof(char *));
	AT_TR_GROW(row_seed, sizeof(long long));
	AT_TR_GROW(row_file, sizeof(int));
	AT_TR_GROW(row_busy, sizeof(float));
	AT_TR_GROW(row_var, sizeof(float));
#undef AT_TR_GROW
	d->cap = cap;
	return 0;
}

/* Fills out[0..n-1] from the array member `key` of o: n finite numbers.
 * Returns 0 or -1 after a message. */
static int at_tr_floats(const at_tr_line *l, const cJSON *o, const char *key,
	int n, float *out)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key), *x;
	int k = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n)
		return at_tr_fail(l, "'%s': expected an array of %d numbers, "
			"found %d", key, n, cJSON_GetArraySize(a));
	cJSON_ArrayForEach(x, a) {
		if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) ||
		    fabs(x->valuedouble) > 1e30)
			return at_tr_fail(l, "'%s'[%d] is not a finite number",
				key, k);
		out[k++] = (float)x->valuedouble;
	}
	return 0;
}

/* The role of a row from its "role" string. */
static at_tr_role at_tr_role_of(const cJSON *r)
{
	static const char *const names[] = {
		"keep", "orig", "fixed32", "random", "model"
	};

	if (cJSON_IsString(r))
		for (int i = 0; i < AT_TR_OTHER; i++)
			if (strcmp(r->valuestring, names[i]) == 0)
				return (at_tr_role)i;
	return AT_TR_OTHER;
}

/* Reads the optional "censored" member of row o into *cens: absent, 0 or
 * false: 0; any other number or true: 1.  Returns 0, or -1 after a
 * message when it is of another type. */
static int at_tr_censored(const at_tr_line *l, const cJSON *o,
	unsigned char *cens)
{
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "censored");

	*cens = 0;
	if (!c || cJSON_IsFalse(c))
		return 0;
	if (cJSON_IsTrue(c) || (cJSON_IsNumber(c) && c->valuedouble != 0)) {
		*cens = 1;
		return 0;
	}
	if (cJSON_IsNumber(c))
		return 0;
	return at_tr_fail(l, "'censored' is neither a number nor a boolean");
}

/* Returns the tasks that competed with the timing of row o: its "busy"
 * (every other runnable task, nice 19 included, since session 17's
 * featurizer) when larger than its "busy_normal" (nice <= 0) plus its
 * "busy_niced" (nice 1 to 18, rows since session 12), each 0 when absent;
 * -1 when the row has none of them. */
static double at_tr_busy(const cJSON *o)
{
	const char *key[] = { "busy", "busy_normal", "busy_niced" };
	double v[3];
	int any = 0;

	for (int i = 0; i < 3; i++) {
		const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key[i]);
		v[i] = cJSON_IsNumber(x) ? x->valuedouble : 0;
		any |= cJSON_IsNumber(x);
	}
	return any ? fmax(v[0], v[1] + v[2]) : -1;
}

/* Returns the variance of the log time of row o from its "spread" (the
 * (max - min) / min of its timed runs): log(1 + spread)^2, or 0 when o
 * has no positive finite "spread" (one run, or rows from before it). */
static float at_tr_spread_var(const cJSON *o)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, "spread");
	double l;

	if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) ||
	    x->valuedouble <= 0)
		return 0;
	l = log1p(x->valuedouble);
	return (float)(l * l);
}

/* Appends the data row o (file index f) to d; a row without a positive
 * finite speedup is skipped (counted).  Returns 0 or -1 after a message. */
static int at_tr_row(at_tr_data *d, const at_tr_line *l, const cJSON *o,
	int f)
{
	const cJSON *seed = cJSON_GetObjectItemCaseSensitive(o, "seed");
	const cJSON *sp = cJSON_GetObjectItemCaseSensitive(o, "speedup");
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "cand");
	const cJSON *load = cJSON_GetObjectItemCaseSensitive(o, "load");
	int r = d->n_row;
	double busy = at_tr_busy(o);
	unsigned char cens;

	if (!cJSON_IsNumber(seed) || seed->valuedouble !=
	    (double)(long long)seed->valuedouble)
		return at_tr_fail(l, "'seed' missing or not an integer");
	if (at_tr_censored(l, o, &cens) < 0)
		return -1;
	if (!cJSON_IsNumber(sp) || !isfinite(sp->valuedouble) ||
	    sp->valuedouble <= 0) {
		d->n_skipped++;
		return 0;
	}
	if (d->max_load > 0 && cJSON_IsNumber(load) &&
	    load->valuedouble > d->max_load) {
		d->n_loaded++;
		return 0;
	}
	if (d->busy_cap && busy > d->max_busy && !(d->busy_train &&
	    at_tr_split_of((long long)seed->valuedouble, d->fold,
	    d->n_fold) == AT_TR_TRAIN)) {
		d->n_busy++;
		return 0;
	}
	if (at_tr_grow(d) < 0)
		return at_tr_fail(l, "out of memory");
	if (at_tr_floats(l, o, "nest", d->dn, d->row_nest +
	    (size_t)r * d->dn) < 0 || at_tr_floats(l, o, "cand_x", d->dc,
	    d->cand + (size_t)r * d->dc) < 0)
		return -1;
	d->cand_id[r] = cJSON_IsString(id) ? strdup(id->valuestring) : NULL;
	if (cJSON_IsString(id) && !d->cand_id[r])
		return at_tr_fail(l, "out of memory");
	d->row_seed[r] = (long long)seed->valuedouble;
	d->row_file[r] = f;
	d->row_busy[r] = (float)fmax(busy, 0);
	d->row_var[r] = at_tr_spread_var(o);
	d->role[r] = (unsigned char)at_tr_role_of(
		cJSON_GetObjectItemCaseSensitive(o, "role"));
	d->speedup[r] = d->role[r] == AT_TR_KEEP ? 1.0 : sp->valuedouble;
	d->censored[r] = d->role[r] == AT_TR_KEEP ? 0 : cens;
	d->n_censored += d->censored[r];
	d->y[r] = (float)log(d->speedup[r]);
	d->n_row++;
	return 0;
}

/* Parses one line of file f (header when it is the first). */
static int at_tr_line_parse(at_tr_data *d, const at_tr_line *l,
	const char *text, int f, int first)
{
	cJSON *o = cJSON_Parse(text);
	int rc;

	if (!cJSON_IsObject(o)) {
		cJSON_Delete(o);
		return at_tr_fail(l, "not a JSON object");
	}
	rc = first ? at_tr_header(d, l, o) : at_tr_row(d, l, o, f);
	cJSON_Delete(o);
	return rc;
}

/* Adds path to d's file list; returns its index or -1. */
static int at_tr_add_file(at_tr_data *d, const char *path)
{
	char **v = realloc(d->files, (d->n_file + 1) * sizeof(char *));

	if (!v)
		return -1;
	d->files = v;
	if (!(v[d->n_file] = strdup(path)))
		return -1;
	return d->n_file++;
}

/* Reads one training file into d (see at_train.h). */
int at_tr_data_read(at_tr_data *d, const char *path, char *err,
	size_t errlen)
{
	at_tr_line l = { path, 0, err, errlen };
	FILE *fp = fopen(path, "r");
	char *text = NULL;
	size_t cap = 0;
	int f, first = 1, rc = -1;
	int rows0 = d->n_row;

	if (!fp)
		return at_tr_fail(&l, "cannot open: %s", strerror(errno));
	if ((f = at_tr_add_file(d, path)) < 0) {
		at_tr_fail(&l, "out of memory");
		goto error;
	}
	while (getline(&text, &cap, fp) > 0) {
		l.line++;
		if (text[strspn(text, " \t\r\n")] == '\0')
			continue;
		if (at_tr_line_parse(d, &l, text, f, first) < 0)
			goto error;
		first = 0;
	}
	l.line = 0;
	if (first)
		at_tr_fail(&l, "empty (no header line)");
	else
		rc = 0;
	if (rc == 0 && d->n_row == rows0)
		fprintf(stderr, "autotile-train: warning: %s: no training "
			"rows\n", path);
error:
	free(text);
	fclose(fp);
	return rc;
}

/* The data whose rows at_tr_cmp_rows compares (qsort has no context). */
static const at_tr_data *at_tr_sort_data;

/* Orders row indices by (file, seed, index). */
static int at_tr_cmp_rows(const void *pa, const void *pb)
{
	const at_tr_data *d = at_tr_sort_data;
	int a = *(const int *)pa, b = *(const int *)pb;

	if (d->row_file[a] != d->row_file[b])
		return d->row_file[a] < d->row_file[b] ? -1 : 1;
	if (d->row_seed[a] != d->row_seed[b])
		return d->row_seed[a] < d->row_seed[b] ? -1 : 1;
	return (a > b) - (a < b);
}

/* Permutes the per-row arrays of d into the order ord[].  Returns 0 or -1. */
static int at_tr_permute(at_tr_data *d, const int *ord)
{
	size_t n = d->n_row;
	float *c = malloc(n * d->dc * sizeof(float) + 1);
	float *rn = malloc(n * d->dn * sizeof(float) + 1);
	float *y = malloc(n * sizeof(float) + 1);
	double *s = malloc(n * sizeof(double) + 1);
	unsigned char *ro = malloc(n + 1), *ce = malloc(n + 1);
	long long *se = malloc(n * sizeof(long long) + 1);
	int *fi = malloc(n * sizeof(int) + 1), rc = -1;
	float *bu = malloc(n * sizeof(float) + 1);
	float *va = malloc(n * sizeof(float) + 1);
	char **ci = malloc(n * sizeof(char *) + 1);

	if (!c || !rn || !y || !s || !ro || !ce || !se || !fi || !ci || !bu ||
	    !va)
		goto error;
	for (size_t i = 0; i < n; i++) {
		int o = ord[i];
		memcpy(c + i * d->dc, d->cand + (size_t)o * d->dc,
			d->dc * sizeof(float));
		memcpy(rn + i * d->dn, d->row_nest + (size_t)o * d->dn,
			d->dn * sizeof(float));
		y[i] = d->y[o];
		s[i] = d->speedup[o];
		ro[i] = d->role[o];
		ce[i] = d->censored[o];
		se[i] = d->row_seed[o];
		fi[i] = d->row_file[o];
		ci[i] = d->cand_id[o];
		bu[i] = d->row_busy[o];
		va[i] = d->row_var[o];
	}
#define AT_TR_SWAP(field, v) do { void *t_ = d->field; d->field = v; v = t_; } while (0)
	AT_TR_SWAP(cand, c);
	AT_TR_SWAP(row_nest, rn);
	AT_TR_SWAP(y, y);
	AT_TR_SWAP(speedup, s);
	AT_TR_SWAP(role, ro);
	AT_TR_SWAP(censored, ce);
	AT_TR_SWAP(row_seed, se);
	AT_TR_SWAP(row_file, fi);
	AT_TR_SWAP(cand_id, ci);
	AT_TR_SWAP(row_busy, bu);
	AT_TR_SWAP(row_var, va);
#undef AT_TR_SWAP
	rc = 0;
error:
	free(c);
	free(rn);
	free(y);
	free(s);
	free(ro);
	free(ce);
	free(se);
	free(fi);
	free(ci);
	free(bu);
	free(va);
	return rc;
}

/* Starts kernel k at row r of the sorted rows. */
static void at_tr_kernel_start(at_tr_data *d, int k, int r)
{
	at_tr_kernel *K = &d->kernels[k];

	K->seed = d->row_seed[r];
	K->file = d->row_file[r];
	K->first = r;
	K->n = 0;
	K->split = at_tr_split_of(K->seed, d->fold, d->n_fold);
	K->keep = K->fixed32 = -1;
	memcpy(d->nest + (size_t)k * d->dn, d->row_nest + (size_t)r * d->dn,
		d->dn * sizeof(float));
}

/* Builds d->kernels and d->nest from the sorted rows.  A kernel is a run
 * of rows with one file, one seed and one nest vector: a seed timed at
 * two sizes or on two machines (autotile-features writes those rows one
 * group after the other) is two kernels, each against its own keep row;
 * both fall in the seed's split. */
static void at_tr_group(at_tr_data *d)
{
	int k = -1;

	for (int r = 0; r < d->n_row; r++) {
		at_tr_kernel *K;
		if (k < 0 || d->row_seed[r] != d->kernels[k].seed ||
		    d->row_file[r] != d->kernels[k].file ||
		    memcmp(d->row_nest + (size_t)r * d->dn,
			d->nest + (size_t)k * d->dn, d->dn * sizeof(float)))
			at_tr_kernel_start(d, ++k, r);
		K = &d->kernels[k];
		K->n++;
		if (d->role[r] == AT_TR_KEEP && K->keep < 0)
			K->keep = r;
		if (d->role[r] == AT_TR_FIXED32 && K->fixed32 < 0)
			K->fixed32 = r;
	}
	d->n_kernel = k + 1;
}

/* Sets d->label_var from d->row_var over the kernels of d (grouped):
 * a row's own variance plus that of its kernel's keep row, whose time is
 * the reference of every speedup; 0 for the keep row.  Returns 0 or -1
 * (no memory). */
static int at_tr_label_var(at_tr_data *d)
{
	free(d->label_var);
	d->label_var = malloc(d->n_row * sizeof(float) + 1);
	if (!d->label_var)
		return -1;
	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		float ref = K->keep >= 0 ? d->row_var[K->keep] : 0;
		for (int r = K->first; r < K->first + K->n; r++)
			d->label_var[r] = r == K->keep ? 0 : d->row_var[r] + ref;
	}
	return 0;
}

/* Groups rows into kernels and assigns splits (see at_train.h). */
int at_tr_data_finish(at_tr_data *d, char *err, size_t errlen)
{
	at_tr_line l = { d->n_file ? d->files[0] : "(no file)", 0, err, errlen };
	int *ord = NULL, rc = -1;

	if (d->n_row < 1)
		return at_tr_fail(&l, "no training rows");
	ord = malloc(d->n_row * sizeof(int));
	d->kernels = calloc(d->n_row, sizeof(at_tr_kernel));
	d->nest = malloc((size_t)d->n_row * d->dn * sizeof(float));
	if (!ord || !d->kernels || !d->nest) {
		at_tr_fail(&l, "out of memory");
		goto error;
	}
	for (int i = 0; i < d->n_row; i++)
		ord[i] = i;
	at_tr_sort_data = d;
	qsort(ord, d->n_row, sizeof(int), at_tr_cmp_rows);
	if (at_tr_permute(d, ord) < 0) {
		at_tr_fail(&l, "out of memory");
		goto error;
	}
	at_tr_group(d);
	if (at_tr_label_var(d) < 0) {
		at_tr_fail(&l, "out of memory");
		goto error;
	}
	rc = 0;
error:
	free(ord);
	return rc;
}

/* Rewrites d->cand with dc columns from its rows of d->dc columns, the
 * first min(dc, d->dc) copied, the others 0.  Returns 0 or -1. */
static int at_tr_cand_resize(at_tr_data *d, int dc)
{
	float *c = calloc((size_t)d->n_row * dc + 1, sizeof(float));
	int keep = dc < d->dc ? dc : d->dc;

	if (!c)
		return -1;
	for (int i = 0; i < d->n_row; i++)
		memcpy(c + (size_t)i * dc, d->cand + (size_t)i * d->dc,
			keep * sizeof(float));
	free(d->cand);
	d->cand = c;
	d->dc = dc;
	return 0;
}

/* Appends the busy column (see at_train.h). */
int at_tr_data_add_busy(at_tr_data *d)
{
	char **v = realloc(d->cand_names, (d->dc + 1) * sizeof(char *));
	int n = 0;

	if (!v)
		return -1;
	d->cand_names = v;
	if (!(v[d->dc] = strdup(AT_TR_BUSY_NAME)))
		return -1;
	if (at_tr_cand_resize(d, d->dc + 1) < 0) {
		free(v[d->dc]);
		return -1;
	}
	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		for (int i = K->first; i < K->first + K->n; i++) {
			float b = d->row_busy[i];
			int on = K->split == AT_TR_TRAIN && b > d->max_busy;
			d->cand[(size_t)i * d->dc + d->dc - 1] = !on ? 0 :
				b < AT_TR_BUSY_MAX ? b : AT_TR_BUSY_MAX;
			n += on;
		}
	}
	return n;
}

/* Removes the busy column (see at_train.h): the rows move down in
 * place, each to a lower offset. */
void at_tr_data_drop_busy(at_tr_data *d)
{
	int dc = d->dc - 1;

	for (int i = 0; i < d->n_row; i++)
		memmove(d->cand + (size_t)i * dc, d->cand + (size_t)i * d->dc,
			dc * sizeof(float));
	free(d->cand_names[dc]);
	d->dc = dc;
}

/* Number of kernels and rows of split s. */
void at_tr_data_count(const at_tr_data *d, at_tr_split s, int *kernels,
	int *rows)
{
	*kernels = *rows = 0;
	for (int k = 0; k < d->n_kernel; k++)
		if (d->kernels[k].split == s) {
			(*kernels)++;
			*rows += d->kernels[k].n;
		}
}

/* Mean and std of column j of the n x dim matrix x over the rows whose
 * use[] flag is set (use NULL: all); a constant column gets std 1. */
static void at_tr_moments(const float *x, int n, int dim, const char *use,
	float *mean, float *std, unsigned char *constant)
{
	for (int j = 0; j < dim; j++) {
		double s = 0, s2 = 0, m;
		int cnt = 0;
		for (int i = 0; i < n; i++)
			if (!use || use[i]) {
				s += x[(size_t)i * dim + j];
				cnt++;
			}
		m = cnt ? s / cnt : 0;
		for (int i = 0; i < n; i++)
			if (!use || use[i]) {
				double v = x[(size_t)i * dim + j] - m;
				s2 += v * v;
			}
		mean[j] = (float)m;
		constant[j] = !(cnt && s2 / cnt > 1e-12);
		std[j] = constant[j] ? 1.0f : (float)sqrt(s2 / cnt);
	}
}

/* Frees n's vectors. */
void at_tr_norm_free(at_tr_norm *n)
{
	free(n->nest_mean);
	free(n->nest_std);
	free(n->cand_mean);
	free(n->cand_std);
	free(n->nest_const);
	free(n->cand_const);
	memset(n, 0, sizeof(*n));
}

/* Computes the normalisation over the training split (see at_train.h). */
int at_tr_norm_compute(const at_tr_data *d, at_tr_norm *n)
{
	char *ku = calloc(d->n_kernel + 1, 1), *ru = calloc(d->n_row + 1, 1);
	int rc = -1;

	n->nest_mean = malloc(d->dn * sizeof(float));
	n->nest_std = malloc(d->dn * sizeof(float));
	n->cand_mean = malloc(d->dc * sizeof(float));
	n->cand_std = malloc(d->dc * sizeof(float));
	n->nest_const = malloc(d->dn + 1);
	n->cand_const = malloc(d->dc + 1);
	if (!ku || !ru || !n->nest_mean || !n->nest_std || !n->cand_mean ||
	    !n->cand_std || !n->nest_const || !n->cand_const)
		goto error;
	for (int k = 0; k < d->n_kernel; k++) {
		const at_tr_kernel *K = &d->kernels[k];
		ku[k] = K->split == AT_TR_TRAIN;
		memset(ru + K->first, ku[k], K->n);
	}
	at_tr_moments(d->nest, d->n_kernel, d->dn, ku, n->nest_mean,
		n->nest_std, n->nest_const);
	at_tr_moments(d->cand, d->n_row, d->dc, ru, n->cand_mean, n->cand_std,
		n->cand_const);
	rc = 0;
error:
	free(ku);
	free(ru);
	if (rc < 0)
		at_tr_norm_free(n);
	return rc;
}
