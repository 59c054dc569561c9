/*
 * features.c — stage 5: the nest vector and the candidate vectors of the
 * cost model (see at_features.h for the layout and the angle sectors).
 *
 * Everything that needs isl is done once: per nest (at_features_nest_info)
 * and per structure (at_features_struct).  Encoding a candidate at given
 * tile sizes (at_features_cand) is plain arithmetic on those facts.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/union_map.h>

#include <cjson/cJSON.h>

#include "at_features.h"
#include "at_shape.h"
#include "at_diag.h"

/* Degrees per radian (M_PI is not in C11). */
#define AT_FEAT_DEG (180.0 / 3.14159265358979323846)

/* ---------------------------------------------------------------------- */
/* Machine                                                                */
/* ---------------------------------------------------------------------- */

/* Reads the first line of file `path` into buf (without its newline).
 * Returns 0, or -1 when the file cannot be read. */
static int at_feat_read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, (int)size, f))
		buf[0] = 0;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* Reads root/cpu0/cache/index<k>/<name> (see at_feat_read_line). */
static int at_feat_cache_attr(const char *root, int k, const char *name,
	char *buf, size_t size)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/cpu0/cache/index%d/%s", root, k,
		name);
	return at_feat_read_line(path, buf, size);
}

/* Returns the bytes of a sysfs cache size ("48K", "2048K", "16M"), or 0
 * when it is malformed. */
static long at_feat_cache_bytes(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (end == s || v <= 0)
		return 0;
	if (*end == 'K')
		v *= 1024L;
	else if (*end == 'M')
		v *= 1024L * 1024;
	else if (*end == 'G')
		v *= 1024L * 1024 * 1024;
	return v;
}

/* Returns the number of CPUs in a sysfs CPU list ("0-3,6,8-9"), or 0 when
 * it is malformed. */
static int at_feat_cpu_list(const char *s)
{
	int n = 0;

	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;
		if (end == s)
			return 0;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a)
				return 0;
			s = end;
		}
		n += (int)(b - a + 1);
		if (*s == ',')
			s++;
		else if (*s)
			return 0;
	}
	return n;
}

/* Returns the number of online cores: root/online when it can be read,
 * else sysconf, at least 1. */
static int at_feat_cores(const char *root)
{
	char path[1024], line[256];
	long n = 0;

	snprintf(path, sizeof(path), "%s/online", root);
	if (at_feat_read_line(path, line, sizeof(line)) == 0)
		n = at_feat_cpu_list(line);
	if (n <= 0)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : (int)n;
}

/* Returns the value of the /proc/cpuinfo line `line` when its key is
 * `key` (NULL otherwise), without the newline (line is changed). */
static char *at_feat_cpuinfo_value(char *line, const char *key)
{
	size_t n = strlen(key);
	char *v;

	if (strncmp(line, key, n) || !strchr(" \t:", line[n]) ||
	    !(v = strchr(line, ':')))
		return NULL;
	v += 1 + strspn(v + 1, " \t");
	v[strcspn(v, "\n")] = '\0';
	return v;
}

/* Writes the CPU's name (see at_features.h). */
void at_features_cpu_name(char *buf, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512], name[256] = "", fam[32] = "?", model[32] = "?";
	char *v;

	buf[0] = '\0';
	while (f && fgets(line, sizeof(line), f) && strcmp(line, "\n")) {
		if ((v = at_feat_cpuinfo_value(line, "model name")))
			snprintf(name, sizeof(name), "%s", v);
		else if ((v = at_feat_cpuinfo_value(line, "cpu family")))
			snprintf(fam, sizeof(fam), "%s", v);
		else if ((v = at_feat_cpuinfo_value(line, "model")))
			snprintf(model, sizeof(model), "%s", v);
	}
	if (f)
		fclose(f);
	if (name[0])
		snprintf(buf, size, "%s (family %s, model %s)", name, fam,
			model);
}

/* Returns the size in bytes of cache `level` (1: L1 data, 2, 3) as
 * glibc reports it from CPUID, or 0 when it does not know it. */
static long at_feat_cpuid_cache(int level)
{
	static const int name[3] = { _SC_LEVEL1_DCACHE_SIZE,
		_SC_LEVEL2_CACHE_SIZE, _SC_LEVEL3_CACHE_SIZE };
	long v = sysconf(name[level - 1]);

	return v > 0 ? v : 0;
}

/* Fills sizes[0..2] (L1d, L2, L3; 0 when absent) from
 * root/cpu0/cache/index<k>. */
static void at_feat_sysfs_caches(const char *root, long sizes[3])
{
	for (int k = 0; k < 16; k++) {
		char level[32], type[32], size[32];
		int l;
		if (at_feat_cache_attr(root, k, "level", level,
		    sizeof(level)) < 0)
			break;
		if (at_feat_cache_attr(root, k, "type", type, sizeof(type)) < 0 ||
		    at_feat_cache_attr(root, k, "size", size, sizeof(size)) < 0 ||
		    !strcmp(type, "Instruction"))
			continue;
		l = atoi(level);
		if (l >= 1 && l <= 3)
			sizes[l - 1] = at_feat_cache_bytes(size);
	}
}

/* Fills *m from sysfs, then CPUID, then fixed guesses (see
 * at_features.h). */
void at_features_machine(at_feat_machine *m, const char *root)
{
	static const long guess[3] = { 32L * 1024, 1024L * 1024,
		8L * 1024 * 1024 };
	long sizes[3] = { 0, 0, 0 };

	memset(m, 0, sizeof(*m));
	if (!root)
		root = "/sys/devices/system/cpu";
	at_feat_sysfs_caches(root, sizes);
	m->source = AT_MACH_SYSFS;
	for (int l = 0; l < 3; l++) {
		enum at_feat_mach_src src = AT_MACH_SYSFS;
		if (sizes[l] <= 0) {
			sizes[l] = at_feat_cpuid_cache(l + 1);
			src = AT_MACH_CPUID;
		}
		if (sizes[l] <= 0) {
			sizes[l] = guess[l];
			src = AT_MACH_DEFAULT;
		}
		if (src < m->source)
			m->source = src;
	}
	m->l1d = sizes[0];
	m->l2 = sizes[1];
	m->l3 = sizes[2];
	m->cores = at_feat_cores(root);
}

/* See at_features.h. */
int at_features_machine_read(const cJSON *o, at_feat_machine *m)
{
	static const char *const keys[4] = { "l1d", "l2", "l3", "cores" };
	double v[4];

	for (int i = 0; i < 4; i++) {
		const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, keys[i]);
		if (!cJSON_IsNumber(x) || !(x->valuedouble >= 1) ||
		    x->valuedouble > 1e15)
			return -1;
		v[i] = x->valuedouble;
	}
	memset(m, 0, sizeof(*m));
	m->l1d = (long)v[0];
	m->l2 = (long)v[1];
	m->l3 = (long)v[2];
	m->cores = (int)v[3];
	m->source = AT_MACH_RECORD;
	return 0;
}

/* See at_features.h. */
int at_features_machine_same(const at_feat_machine *a,
	const at_feat_machine *b)
{
	return a->l1d == b->l1d && a->l2 == b->l2 && a->l3 == b->l3 &&
		a->cores == b->cores;
}

/* See at_features.h. */
const char *at_features_machine_source(enum at_feat_mach_src source)
{
	switch (source) {
	case AT_MACH_SYSFS:
		return "sysfs";
	case AT_MACH_CPUID:
		return "cpuid";
	case AT_MACH_RECORD:
		return "record";
	default:
		return "default";
	}
}

/* ---------------------------------------------------------------------- */
/* Parameter values                                                       */
/* ---------------------------------------------------------------------- */

/* See at_features.h. */
void at_features_param_values(const at_scop *scop, long *vals)
{
	for (int p = 0; p < scop->n_param; p++)
		vals[p] = scop->hint ? scop->hint[p] : AT_FEAT_UNKNOWN;
}

/* ---------------------------------------------------------------------- */
/* Sectors and angles                                                     */
/* ---------------------------------------------------------------------- */

/* Returns the 2-D sector of (x, y), exactly (see at_features.h). */
int at_features_sector2(long x, long y)
{
	if (x == 0 && y == 0)
		return -1;
	if (x > 0 && y >= 0)
		return y < x ? 0 : 1;
	if (x <= 0 && y > 0)
		return y > -x ? 2 : 3;
	if (x < 0 && y <= 0)
		return -y < -x ? 4 : 5;
	return -y > x ? 6 : 7;
}

/* Sets *z2 to z^2 and *zs to the sign of z for the n-vector d (see the
 * folding of the inner loops in at_features.h). */
static void at_feat_z(const long *d, int n, long *z2, int *zs)
{
	*z2 = 0;
	*zs = 0;
	for (int k = 2; k < n; k++) {
		*z2 += d[k] * d[k];
		if (!*zs && d[k])
			*zs = d[k] > 0 ? 1 : -1;
	}
}

/* Returns the sector of d (see at_features.h). */
int at_features_sector(const long *d, int n)
{
	long x = n > 0 ? d[0] : 0, y = n > 1 ? d[1] : 0, z2, r2;
	int zs, tb, ps;

	if (n <= 2)
		return at_features_sector2(x, y);
	at_feat_z(d, n, &z2, &zs);
	r2 = x * x + y * y;
	if (r2 == 0 && z2 == 0)
		return -1;
	if (zs > 0)
		tb = r2 < z2 ? 0 : 1;
	else
		tb = zs == 0 || r2 > z2 ? 2 : 3;
	ps = at_features_sector2(x, y);
	return 8 * tb + (ps < 0 ? 0 : ps);
}

/* Sets the angles of d in degrees (see at_features.h). */
void at_features_angles(const long *d, int n, double *phi, double *theta)
{
	double x = n > 0 ? d[0] : 0, y = n > 1 ? d[1] : 0, z = 0;
	long z2;
	int zs;

	at_feat_z(d, n, &z2, &zs);
	z = zs * sqrt((double)z2);
	*phi = x == 0 && y == 0 ? 0 : atan2(y, x) * AT_FEAT_DEG;
	if (*phi < 0)
		*phi += 360.0;
	*theta = x == 0 && y == 0 && z == 0 ? 0 :
		atan2(sqrt(x * x + y * y), z) * AT_FEAT_DEG;
}

/* ---------------------------------------------------------------------- */
/* Nest facts                                                             */
/* ---------------------------------------------------------------------- */

/* Counts the n-vector d in its sector of h2 (n <= 2) or h3. */
static void at_feat_hist(int *h2, int *h3, const long *d, int n)
{
	int s = at_features_sector(d, n);

	if (s >= 0)
		(n <= 2 ? h2 : h3)[s]++;
}

/* Returns 1 if the first n entries of d are zero. */
static int at_feat_zero(const long *d, int n)
{
	for (int k = 0; k < n; k++)
		if (d[k])
			return 0;
	return 1;
}

/* Sets the summation vector: the sum of the distinct non-zero uniform
 * distances of the cone's depth (the vectors the cone and the LP scan's
 * sigma are built from; sigma is this vector divided by its gcd). */
static void at_feat_sum(const at_deps *deps, at_feat_nest *f)
{
	int n = deps->n_dim;

	for (int i = 0; n > 0 && i < deps->n_dep; i++) {
		const at_dep *d = &deps->deps[i];
		int dup = 0;
		if (!d->uniform || d->n_common != n ||
		    at_feat_zero(d->dist, n))
			continue;
		for (int j = 0; j < i && !dup; j++)
			dup = deps->deps[j].uniform &&
				deps->deps[j].n_common == n &&
				!memcmp(deps->deps[j].dist, d->dist,
				n * sizeof(long));
		if (dup)
			continue;
		f->sum_n = n;
		for (int k = 0; k < n; k++)
			f->sum[k] += d->dist[k];
	}
	if (f->sum_n)
		at_features_angles(f->sum, n, &f->sum_phi, &f->sum_theta);
}

/* Fills the dependence facts of f from deps. */
static void at_feat_deps(const at_deps *deps, at_feat_nest *f)
{
	f->n_ray = deps->n_ray;
	f->cone_dim = deps->n_dim;
	for (int r = 0; r < deps->n_ray; r++)
		at_feat_hist(f->ray_hist2, f->ray_hist3, deps->rays[r],
			deps->n_dim);
	for (int i = 0; i < deps->n_dep; i++) {
		const at_dep *d = &deps->deps[i];
		f->n_kind[d->kind]++;
		if (!d->uniform && d->n_common > 0)
			f->n_nonuniform++;
		else if (!d->uniform || at_feat_zero(d->dist, d->n_common))
			f->n_zero++;
		else {
			f->n_uniform++;
			at_feat_hist(f->uni_hist2, f->uni_hist3, d->dist,
				d->n_common);
		}
	}
	at_feat_sum(deps, f);
}

/* Returns 1 if the row (global columns) has no loop coefficient and no
 * coefficient on a parameter of unknown value. */
static int at_feat_const_row(const at_scop *scop, const long *row,
	const long *vals)
{
	for (int k = 0; k < scop->n_loop; k++)
		if (row[k])
			return 0;
	for (int p = 0; p < scop->n_param; p++)
		if (row[scop->n_loop + p] &&
		    (!vals || vals[p] == AT_FEAT_UNKNOWN))
			return 0;
	return 1;
}

/* Returns 1 if every bound of loop l is constant (see at_feat_const_row). */
static int at_feat_const_loop(const at_scop *scop, int l, const long *vals)
{
	const at_loop *lp = &scop->loops[l];

	for (int b = 0; b < lp->n_lb; b++)
		if (!at_feat_const_row(scop, lp->lb[b].row, vals))
			return 0;
	for (int b = 0; b < lp->n_ub; b++)
		if (!at_feat_const_row(scop, lp->ub[b].row, vals))
			return 0;
	return 1;
}

/* Returns a trip count for estimates: t itself, AT_FEAT_TRIP_ASSUMED when
 * unknown (t < 0), at least 1. */
static double at_feat_trip_est(long t)
{
	if (t < 0)
		return AT_FEAT_TRIP_ASSUMED;
	return t < 1 ? 1 : (double)t;
}

/* Fills the domain facts of f; trips receives the trip count of every
 * loop of scop (n_loop entries).  Returns 0 or -1. */
static int at_feat_domain(isl_ctx *ctx, const at_scop *scop,
	const at_space *space, const long *vals, long *trips, at_feat_nest *f)
{
	const at_stmt *ref = scop->n_stmt ? &scop->stmts[space->ref] : NULL;

	if (at_scop_trip_counts_at(ctx, scop, vals, trips, &f->total) < 0)
		return -1;
	f->n_loop = scop->n_loop;
	f->n_stmt = scop->n_stmt;
	f->shared = space->orig_n;
	for (int l = 0; l < scop->n_loop; l++)
		if (scop->loops[l].depth + 1 > f->depth)
			f->depth = scop->loops[l].depth + 1;
	for (int l = 0; l < scop->n_loop && l < AT_MAX_DEPTH; l++) {
		f->trips[l] = trips[l];
		f->const_bound[l] = at_feat_const_loop(scop, l, vals);
	}
	for (int k = 0; k < AT_MAX_DEPTH; k++)
		f->pos_trip[k] = ref && k < ref->n_loop ?
			at_feat_trip_est(trips[ref->loops[k]]) : 1;
	return 0;
}

/* Counts the arithmetic operators of statement text t outside subscripts
 * (+ and - together, *, /; `++`/`--` and the signs of exponents are not
 * operations) and the calls (an identifier followed by `(`). */
static void at_feat_ops(const char *t, at_feat_nest *f)
{
	int sub = 0;

	for (const char *p = t; *p; p++) {
		if (p[0] == '/' && (p[1] == '*' || p[1] == '/')) {
			const char *e = p[1] == '*' ? strstr(p + 2, "*/") :
				strchr(p, '\n');
			if (!e)
				return;
			p = p[1] == '*' ? e + 1 : e;
		} else if (*p == '[' || *p == ']') {
			sub += *p == '[' ? 1 : -1;
		} else if (sub > 0) {
			continue;
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			const char *e = p;
			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			p = e - 1;
			while (isspace((unsigned char)*e))
				e++;
			f->n_call += *e == '(';
		} else if (isdigit((unsigned char)*p) || (*p == '.' &&
		    isdigit((unsigned char)p[1]))) {
			while (isalnum((unsigned char)p[1]) || p[1] == '.' ||
			    ((p[1] == '+' || p[1] == '-') &&
			    (p[0] == 'e' || p[0] == 'E')))
				p++;
		} else if ((*p == '+' || *p == '-') && p[1] == *p) {
			p++;
		} else {
			f->n_add += *p == '+' || *p == '-';
			f->n_mul += *p == '*';
			f->n_div += *p == '/';
		}
	}
}

/* Returns the coefficient of global column c in row d of reference r. */
static long at_feat_coef(const at_scop *scop, const at_ref *r, int d, int c)
{
	return r->m[d * at_scop_ncol(scop) + c];
}

/* How a reference walks memory along a step of the loops. */
enum at_feat_walk {
	AT_WALK_INV,		/* the same element */
	AT_WALK_UNIT,		/* the last subscript by +-1, no other */
	AT_WALK_WIDE		/* any other change */
};

/* Returns how reference r walks when global loop loops[p] moves by
 * dir[p] (p < n) and the other loops stay. */
static enum at_feat_walk at_feat_walk(const at_scop *scop, const at_ref *r,
	const int *loops, const long *dir, int n)
{
	int moved = 0, unit = 0;

	for (int d = 0; d < r->n_dim; d++) {
		long v = 0;
		for (int p = 0; p < n; p++)
			v += at_feat_coef(scop, r, d, loops[p]) * dir[p];
		moved += v != 0;
		if (d == r->n_dim - 1)
			unit = v == 1 || v == -1;
	}
	return !moved ? AT_WALK_INV : moved == 1 && unit ? AT_WALK_UNIT :
		AT_WALK_WIDE;
}

/* Returns 1 if reference r does not move with global loop g. */
static int at_feat_invariant(const at_scop *scop, const at_ref *r, int g)
{
	static const long one = 1;

	return at_feat_walk(scop, r, &g, &one, 1) == AT_WALK_INV;
}

/* Returns 1 if reference r walks its innermost dimension with stride 1
 * along global loop g (and no other dimension moves with g). */
static int at_feat_stride1(const at_scop *scop, const at_ref *r, int g)
{
	static const long one = 1;

	return at_feat_walk(scop, r, &g, &one, 1) == AT_WALK_UNIT;
}

/* Writes the AT_FEAT_REF_DIM entries of reference r of statement s:
 * valid, write, log2 element size, stride-1 loop (1 + depth of the
 * innermost loop moving the innermost array dimension, 0: none), stride 1
 * along the innermost loop, invariant in the innermost loop, then the
 * access matrix: AT_FEAT_NDIM rows (the innermost array dimensions, the
 * last row is the last dimension) x (AT_FEAT_NITER iterators, outermost
 * first, and the constant). */
static void at_feat_ref_block(const at_scop *scop, const at_stmt *s,
	const at_ref *r, float *o)
{
	int inner = s->n_loop ? s->loops[s->n_loop - 1] : -1;
	int s1 = 0, nc = at_scop_ncol(scop);

	for (int p = 0; r->n_dim > 0 && p < s->n_loop; p++)
		if (at_feat_coef(scop, r, r->n_dim - 1, s->loops[p]))
			s1 = p + 1;
	o[0] = 1;
	o[1] = r->kind == AT_WRITE;
	o[2] = (float)log2(scop->arrays[r->array].elem_size > 0 ?
		scop->arrays[r->array].elem_size : 1);
	o[3] = (float)s1;
	o[4] = inner >= 0 && at_feat_stride1(scop, r, inner);
	o[5] = inner >= 0 && at_feat_invariant(scop, r, inner);
	for (int j = 0; j < AT_FEAT_NDIM; j++) {
		int d = r->n_dim - AT_FEAT_NDIM + j;
		float *row = o + 6 + j * (AT_FEAT_NITER + 1);
		for (int p = 0; d >= 0 && p < AT_FEAT_NITER && p < s->n_loop;
		     p++)
			row[p] = (float)at_feat_coef(scop, r, d, s->loops[p]);
		if (d >= 0)
			row[AT_FEAT_NITER] = (float)at_feat_coef(scop, r, d,
				nc - 1);
	}
}

/* Returns 1 if references a and b of one array touch as many elements
 * in any tile (at_feat_ref_est): the same dimensions, loops, trip
 * counts and coefficients (they differ at most in their constants). */
static int at_feat_same_fp(const struct at_feat_fref *a,
	const struct at_feat_fref *b)
{
	if (a->n_dim != b->n_dim || a->n_loop != b->n_loop)
		return 0;
	for (int p = 0; p < a->n_loop && p < AT_MAX_DEPTH; p++)
		if (a->trip[p] != b->trip[p])
			return 0;
	for (int d = 0; d < a->n_dim; d++)
		if (memcmp(a->coef[d], b->coef[d], sizeof(a->coef[d])))
			return 0;
	return 1;
}

/* Sets step[0..2] to the bytes one step of the last, second-last and
 * third-last subscripts of array ar moves: its element, row and plane
 * (at_array); for an array split from a linearized subscript
 * (at_array.split), the row and plane from the values of its sizes in
 * param_vals (may be NULL), as a static array of those sizes has them.
 * 0: not known. */
static void at_feat_steps(const at_array *ar, const long *param_vals,
	long *step)
{
	step[0] = ar->elem_size;
	step[1] = ar->row_bytes;
	step[2] = ar->plane_bytes;
	if (!ar->split)
		return;
	for (int k = 1; k < 3; k++) {
		int d = ar->n_dim - k;	/* the subscript whose size it is */
		long v = d >= 1 && param_vals ? param_vals[ar->dim_param[d]] :
			AT_SCOP_UNKNOWN;

		if (v <= 0 || step[k - 1] <= 0 ||
		    __builtin_mul_overflow(step[k - 1], v, &step[k]))
			step[k] = 0;
	}
}

/* Sets fr->stride from array ar (fr->n_dim = its subscripts; param_vals
 * as at_feat_steps): the element, row and plane bytes for the last
 * three subscripts, 0 (not known) for the others. */
static void at_feat_strides(const at_array *ar, const long *param_vals,
	struct at_feat_fref *fr)
{
	long last[3];

	at_feat_steps(ar, param_vals, last);
	for (int k = 0; k < 3 && k < fr->n_dim; k++)
		fr->stride[fr->n_dim - 1 - k] = last[k];
}

/* Records reference r of statement s for footprint estimates (param_vals
 * as at_feat_steps). */
static void at_feat_fref(const at_scop *scop, const at_stmt *s,
	const at_ref *r, const long *trips, const long *param_vals,
	at_feat_nest *f)
{
	struct at_feat_fref *fr;

	if (f->n_fref == AT_FEAT_MAXREF)
		return;
	fr = &f->fref[f->n_fref];
	fr->array = r->array;
	fr->first = f->n_fref++;
	for (int j = fr->first - 1; j >= 0; j--)
		if (f->fref[j].array == fr->array)
			fr->first = j;
	fr->elem_size = scop->arrays[r->array].elem_size;
	fr->n_dim = r->n_dim < AT_MAX_DEPTH ? r->n_dim : AT_MAX_DEPTH;
	if (fr->n_dim == r->n_dim)
		at_feat_strides(&scop->arrays[r->array], param_vals, fr);
	fr->n_loop = s->n_loop;
	for (int p = 0; p < s->n_loop; p++) {
		fr->trip[p] = at_feat_trip_est(trips[s->loops[p]]);
		for (int d = 0; d < fr->n_dim; d++) {
			fr->coef[d][p] = (int)labs(at_feat_coef(scop, r, d,
				s->loops[p]));
			if (fr->coef[d][p] && p < AT_MAX_DEPTH)
				fr->nz[d][fr->n_nz[d]++] = p;
		}
	}
	for (int j = fr->first; j < f->n_fref - 1 && !fr->dup; j++)
		fr->dup = f->fref[j].array == fr->array &&
			at_feat_same_fp(&f->fref[j], fr);
}

/* ---------------------------------------------------------------------- */
/* Innermost loops                                                        */
/* ---------------------------------------------------------------------- */

/* Adds reference ref of statement st, whose innermost loop steps by dir
 * (st's iterators), to *in (see at_feat_inner). */
static void at_feat_inner_ref(const at_scop *scop, const at_stmt *st,
	const at_ref *ref, const long *dir, at_feat_inner *in)
{
	enum at_feat_walk walk = at_feat_walk(scop, ref, st->loops, dir,
		st->n_loop);
	int w = ref->kind == AT_WRITE;

	in->refs++;
	in->w += w;
	in->inv += walk == AT_WALK_INV;
	in->unit += walk == AT_WALK_UNIT;
	in->wide += walk == AT_WALK_WIDE;
	in->w_inv += w && walk == AT_WALK_INV;
	in->w_wide += w && walk == AT_WALK_WIDE;
}

/* Adds statement s to *in: its references when its innermost loop's
 * step dir is known. */
static void at_feat_inner_stmt(const at_scop *scop, int s, const long *dir,
	int known, at_feat_inner *in)
{
	const at_stmt *st = &scop->stmts[s];

	in->stmts++;
	if (!known)
		return;
	in->known++;
	for (int i = 0; i < st->n_ref; i++)
		at_feat_inner_ref(scop, st, &st->refs[i], dir, in);
}

/* Sets *in for the loop order as written: each statement's innermost
 * loop steps along its own last iterator, by that loop's step. */
static void at_feat_inner_orig(const at_scop *scop, at_feat_inner *in)
{
	memset(in, 0, sizeof(*in));
	for (int s = 0; s < scop->n_stmt; s++) {
		const at_stmt *st = &scop->stmts[s];
		long dir[AT_MAX_DEPTH] = { 0 };
		if (st->n_loop > 0)
			dir[st->n_loop - 1] = scop->loops[st->loops[st->n_loop -
				1]].step;
		at_feat_inner_stmt(scop, s, dir, st->n_loop > 0, in);
	}
}

/* Sets si->inner from the schedule of ch (at_space_inner).  Returns 0,
 * or -1 on an isl error or when out of memory. */
static int at_feat_inner_sched(isl_ctx *ctx, const at_space *space,
	const at_choice *ch, at_feat_struct_info *si)
{
	const at_scop *scop = space->scop;
	long (*dir)[AT_MAX_DEPTH] = calloc(scop->n_stmt + 1, sizeof(*dir));
	int *known = calloc(scop->n_stmt + 1, sizeof(*known));
	int r = -1;

	if (!dir || !known || at_space_inner(ctx, space, ch, dir, known) < 0)
		goto error;
	memset(&si->inner, 0, sizeof(si->inner));
	for (int s = 0; s < scop->n_stmt; s++)
		at_feat_inner_stmt(scop, s, dir[s], known[s], &si->inner);
	r = 0;
error:
	free(dir);
	free(known);
	return r;
}

/* Returns log2 of the largest power of two, at most 2^16, that divides
 * b > 0 bytes; 0 for b <= 0 (not known). */
static int at_feat_align(long b)
{
	int e = b > 0 ? __builtin_ctzl((unsigned long)b) : 0;

	return e < 16 ? e : 16;
}

/* Sets f->align from the arrays of scop (see at_feat_nest; param_vals as
 * at_feat_steps). */
static void at_feat_aligns(const at_scop *scop, const long *param_vals,
	at_feat_nest *f)
{
	for (int a = 0; a < scop->n_array; a++) {
		const at_array *ar = &scop->arrays[a];
		long step[3];
		int v[3];

		at_feat_steps(ar, param_vals, step);
		v[0] = at_feat_align(step[1]);
		v[1] = at_feat_align(step[2]);
		v[2] = at_feat_align(ar->bytes);
		for (int k = 0; k < 3; k++)
			f->align[k] = v[k] > f->align[k] ? v[k] : f->align[k];
	}
}

/* Fills the access facts of f (references, operators, reuse, alignments;
 * param_vals as at_feat_steps). */
static void at_feat_access(const at_scop *scop, const long *trips,
	const long *param_vals, at_feat_nest *f)
{
	f->n_array = scop->n_array;
	at_feat_aligns(scop, param_vals, f);
	for (int k = 0; k < scop->n_stmt; k++) {
		const at_stmt *s = &scop->stmts[k];
		at_feat_ops(s->text ? s->text : "", f);
		for (int i = 0; i < s->n_ref; i++) {
			const at_ref *r = &s->refs[i];
			if (f->n_ref < AT_FEAT_NREF)
				at_feat_ref_block(scop, s, r,
					f->refs[f->n_ref]);
			f->n_ref++;
			f->n_load += r->kind == AT_READ;
			f->n_store += r->kind == AT_WRITE;
			at_feat_fref(scop, s, r, trips, param_vals, f);
			for (int p = 0; p < s->n_loop; p++) {
				int g = s->loops[p];
				if (g >= AT_MAX_DEPTH)
					continue;
				f->reuse_inv[g] += at_feat_invariant(scop, r, g);
				f->reuse_s1[g] += at_feat_stride1(scop, r, g);
			}
		}
	}
}

/* Computes the raw facts of a nest (see at_features.h). */
int at_features_nest_info(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, const at_space *space, const long *param_vals,
	const at_feat_machine *mach, at_feat_nest *f)
{
	long *trips = calloc(scop->n_loop + 1, sizeof(long));

	memset(f, 0, sizeof(*f));
	if (!trips)
		goto error;
	at_feat_deps(deps, f);
	if (at_feat_domain(ctx, scop, space, param_vals, trips, f) < 0)
		goto error;
	at_feat_access(scop, trips, param_vals, f);
	at_feat_inner_orig(scop, &f->inner);
	if (mach)
		f->mach = *mach;
	else
		at_features_machine(&f->mach, NULL);
	f->mach_log2[0] = log2((double)f->mach.l1d);
	f->mach_log2[1] = log2((double)f->mach.l2);
	f->mach_log2[2] = log2((double)f->mach.l3);
	free(trips);
	return 0;
error:
	at_diag(&scop->loc, AT_ERROR, "internal: could not compute the "
		"features of this nest");
	free(trips);
	return -1;
}

/* ---------------------------------------------------------------------- */
/* Nest vector                                                            */
/* ---------------------------------------------------------------------- */

/* Writes n ints as floats; returns n. */
static int at_feat_put(float *o, const int *v, int n)
{
	for (int k = 0; k < n; k++)
		o[k] = (float)v[k];
	return n;
}

/* Returns log2(1 + x) for a known trip count x >= 0; for an unknown one
 * (x < 0), log2(1 + `assumed`).  The model is trained on kernels of known
 * sizes only: a value outside what it saw (the former sentinel -1, some
 * ten standard deviations below every trained value) made it predict
 * nonsense for parametric nests, where "assumed large", as the space and
 * the footprint estimates take it, reads as a large known size. */
static float at_feat_log(long x, double assumed)
{
	return (float)log2(1.0 + (x < 0 ? assumed : (double)x));
}

/* The iterations of the reference statement's loops with unknown trip counts
 * at AT_FEAT_TRIP_ASSUMED (an estimate of the nest's total). */
static double at_feat_total_assumed(const at_feat_nest *f)
{
	double t = 1;

	for (int k = 0; k < AT_MAX_DEPTH; k++)
		t *= f->pos_trip[k];
	return t;
}

/* Writes the dependence block; returns its size (AT_FEAT_NEST_DEP). */
static int at_feat_enc_deps(const at_feat_nest *f, float *o)
{
	int i = 0;
	double norm = 0;

	i += at_feat_put(o + i, f->ray_hist2, 8);
	i += at_feat_put(o + i, f->ray_hist3, 32);
	i += at_feat_put(o + i, f->uni_hist2, 8);
	i += at_feat_put(o + i, f->uni_hist3, 32);
	for (int k = 0; k < f->sum_n; k++)
		norm += (double)f->sum[k] * (double)f->sum[k];
	o[i++] = (float)f->n_ray;
	o[i++] = (float)f->cone_dim;
	o[i++] = f->sum_n > 0;
	o[i++] = (float)f->sum_phi;
	o[i++] = (float)f->sum_theta;
	o[i++] = (float)log2(1.0 + sqrt(norm));
	o[i++] = (float)f->n_uniform;
	o[i++] = (float)f->n_zero;
	o[i++] = (float)f->n_nonuniform;
	i += at_feat_put(o + i, f->n_kind, 3);
	return i;
}

/* Writes the domain block; returns its size (AT_FEAT_NEST_DOM). */
static int at_feat_enc_domain(const at_feat_nest *f, float *o)
{
	int i = 0;

	for (int l = 0; l < AT_MAX_DEPTH; l++)
		o[i++] = at_feat_log(f->trips[l], AT_FEAT_TRIP_ASSUMED);
	for (int l = 0; l < AT_MAX_DEPTH; l++)
		o[i++] = f->trips[l] < 0;
	i += at_feat_put(o + i, f->const_bound, AT_MAX_DEPTH);
	o[i++] = at_feat_log(f->total, at_feat_total_assumed(f));
	o[i++] = f->total < 0;
	o[i++] = (float)f->depth;
	o[i++] = (float)f->n_loop;
	o[i++] = (float)f->n_stmt;
	o[i++] = (float)f->shared;
	return i;
}

/* Writes the access block; returns its size (AT_FEAT_NEST_ACC). */
static int at_feat_enc_access(const at_feat_nest *f, float *o)
{
	int i = 0;

	memcpy(o, f->refs, sizeof(f->refs));
	i += AT_FEAT_NREF * AT_FEAT_REF_DIM;
	o[i++] = (float)f->n_ref;
	o[i++] = (float)f->n_load;
	o[i++] = (float)f->n_store;
	o[i++] = (float)f->n_array;
	o[i++] = (float)f->n_add;
	o[i++] = (float)f->n_mul;
	o[i++] = (float)f->n_div;
	o[i++] = (float)f->n_call;
	i += at_feat_put(o + i, f->align, 3);
	i += at_feat_put(o + i, f->reuse_inv, AT_MAX_DEPTH);
	i += at_feat_put(o + i, f->reuse_s1, AT_MAX_DEPTH);
	return i;
}

/* Writes the nest vector (see at_features.h). */
int at_features_nest_encode(const at_feat_nest *f, float *out)
{
	int i = 0;

	i += at_feat_enc_deps(f, out + i);
	i += at_feat_enc_domain(f, out + i);
	i += at_feat_enc_access(f, out + i);
	out[i++] = (float)f->mach_log2[0];
	out[i++] = (float)f->mach_log2[1];
	out[i++] = (float)f->mach_log2[2];
	out[i++] = (float)f->mach.cores;
	return i;
}

/* Computes and encodes the nest vector (see at_features.h). */
int at_features_nest(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_space *space, const long *param_vals,
	const at_feat_machine *mach, float *out)
{
	at_feat_nest *f = malloc(sizeof(*f));
	int r = -1;

	if (!f)
		return -1;
	if (at_features_nest_info(ctx, scop, deps, space, param_vals, mach,
	    f) == 0) {
		at_features_nest_encode(f, out);
		r = 0;
	}
	free(f);
	return r;
}

/* If *k < n, returns 1 (the entry is in this block, *k its index in it);
 * otherwise subtracts n from *k and returns 0. */
static int at_feat_in(int *k, int n)
{
	if (*k < n)
		return 1;
	*k -= n;
	return 0;
}

/* Names of the scalar entries of the dependence block. */
static const char *const at_feat_dep_names[12] = {
	"dep_n_ray", "dep_cone_dim", "dep_sum_valid", "dep_sum_phi",
	"dep_sum_theta", "dep_sum_log2norm", "dep_n_uniform", "dep_n_indep",
	"dep_n_nonuniform", "dep_n_raw", "dep_n_war", "dep_n_waw"
};

/* Names of the scalar entries of the domain block (after the per-loop
 * ones). */
static const char *const at_feat_dom_names[6] = {
	"dom_total_log2", "dom_total_param", "dom_depth", "dom_n_loop",
	"dom_n_stmt", "dom_shared"
};

/* Names of the first entries of a reference block. */
static const char *const at_feat_ref_names[6] = {
	"valid", "write", "elem_log2", "s1_loop", "inner_s1", "inner_inv"
};

/* Names of the aggregate access entries. */
static const char *const at_feat_acc_names[AT_FEAT_NACC] = {
	"acc_n_ref", "acc_n_load", "acc_n_store", "acc_n_array",
	"op_add", "op_mul", "op_div", "op_call",
	"align_row", "align_plane", "align_array"
};

/* Names of the machine entries. */
static const char *const at_feat_mach_names[4] = {
	"mach_l1d_log2", "mach_l2_log2", "mach_l3_log2", "mach_cores"
};

/* Writes the name of entry k of one reference block (ref r). */
static char *at_feat_ref_name(int r, int k, char *buf, size_t size)
{
	int row, col;

	if (k < 6) {
		snprintf(buf, size, "acc_r%d_%s", r, at_feat_ref_names[k]);
		return buf;
	}
	row = (k - 6) / (AT_FEAT_NITER + 1);
	col = (k - 6) % (AT_FEAT_NITER + 1);
	if (col == AT_FEAT_NITER)
		snprintf(buf, size, "acc_r%d_m%d_c", r, row);
	else
		snprintf(buf, size, "acc_r%d_m%d_i%d", r, row, col);
	return buf;
}

/* Writes the name of nest entry k (see at_features.h). */
char *at_features_nest_name(int k, char *buf, size_t size)
{
	const int nr = AT_FEAT_NREF * AT_FEAT_REF_DIM;

	snprintf(buf, size, "%s", "");
	if (k < 0)
		return buf;
	if (at_feat_in(&k, 8))
		snprintf(buf, size, "dep_ray2_h%d", k);
	else if (at_feat_in(&k, 32))
		snprintf(buf, size, "dep_ray3_h%d", k);
	else if (at_feat_in(&k, 8))
		snprintf(buf, size, "dep_uni2_h%d", k);
	else if (at_feat_in(&k, 32))
		snprintf(buf, size, "dep_uni3_h%d", k);
	else if (at_feat_in(&k, 12))
		snprintf(buf, size, "%s", at_feat_dep_names[k]);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "dom_trip_log2_%d", k);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "dom_trip_param_%d", k);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "dom_const_bound_%d", k);
	else if (at_feat_in(&k, 6))
		snprintf(buf, size, "%s", at_feat_dom_names[k]);
	else if (at_feat_in(&k, nr))
		at_feat_ref_name(k / AT_FEAT_REF_DIM, k % AT_FEAT_REF_DIM,
			buf, size);
	else if (at_feat_in(&k, AT_FEAT_NACC))
		snprintf(buf, size, "%s", at_feat_acc_names[k]);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "reuse_inv_%d", k);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "reuse_s1_%d", k);
	else if (at_feat_in(&k, 4))
		snprintf(buf, size, "%s", at_feat_mach_names[k]);
	return buf;
}

/* ---------------------------------------------------------------------- */
/* Structures                                                             */
/* ---------------------------------------------------------------------- */

/* Returns the extent of hyperplane row p of H over the band: 1 + the sum
 * over positions k of |h_pk| (trip_k - 1). */
static double at_feat_extent(const at_feat_struct_info *si, int p)
{
	double e = 1;

	for (int k = 0; k < AT_MAX_DEPTH; k++)
		if (si->h[p][k])
			e += labs(si->h[p][k]) * (si->nest->pos_trip[k] - 1);
	return e;
}

/* Fills what at_features_cand reads of si for every size vector but
 * does not depend on the sizes (si's nest, n and H set): each row's
 * extent. */
static void at_feat_struct_cache(at_feat_struct_info *si)
{
	for (int p = 0; p < AT_MAX_DEPTH; p++)
		si->extent[p] = p < si->n ? at_feat_extent(si, p) : 1;
}

/* Sets si (cleared first) to the untiled nest `nest` of structure kind
 * `kind` (0 keep, 1 orig): its loops up to AT_MAX_DEPTH, H = I, loops in
 * order, no OpenMP pragmas. */
static void at_feat_untiled(at_feat_struct_info *si, const at_feat_nest *nest,
	int kind)
{
	int n = nest->depth < AT_MAX_DEPTH ? nest->depth : AT_MAX_DEPTH;

	memset(si, 0, sizeof(*si));
	si->nest = nest;
	si->kind = kind;
	si->n = n;
	si->det = 1;
	si->unit = 1;
	si->shape_kind = -1;
	si->tile_scan = si->point_scan = -1;
	si->par = si->simd = -1;
	si->inner = nest->inner;
	for (int k = 0; k < n; k++) {
		si->h[k][k] = 1;
		si->box[k][k] = 1;
		si->col[k] = k;
		si->cover[k] = 1;
		si->tile_rank[k] = si->point_rank[k] = k;
		si->tile_ord[k] = k;
	}
	at_feat_struct_cache(si);
}

/* Fills *si for keep (see at_features.h). */
void at_features_struct_keep(const at_feat_nest *nest,
	at_feat_struct_info *si)
{
	at_feat_untiled(si, nest, 0);
}

/* Sets si->par to the outermost loop depth of the original nest at which
 * no loop is crossed by a dependence and si->simd to the innermost depth
 * when it is parallel and is not si->par (as code generation places
 * `parallel for` and `simd` for orig; all loops of one depth are tested
 * together, statement positions separating sibling loops).  The
 * dependences are mapped through the whole original schedule once; the
 * test at depth k keeps its first 2k + 2 dimensions (statement positions
 * and iterators, interleaved) on both sides, which is their image through
 * that prefix.  Returns 0 or -1. */
static int at_feat_orig_omp(isl_ctx *ctx, const at_space *space,
	at_feat_struct_info *si)
{
	isl_union_map *map = at_scop_schedule_map(ctx, space->scop);
	isl_map *img = NULL;
	isl_size dim;
	int n = si->n, last = 0;

	if (!map || at_deps_image(space->deps, map, &img) < 0)
		goto error;
	dim = img ? isl_map_dim(img, isl_dim_in) : 0;
	if (dim < 0)
		goto error;
	for (int k = 0; k < n; k++) {
		int keep = 2 * k + 2 < dim ? 2 * k + 2 : dim;
		isl_map *m = NULL;	/* no dependence: every loop parallel */
		int ok;

		if (img) {
			m = isl_map_project_out(isl_map_copy(img), isl_dim_in,
				keep, dim - keep);
			m = isl_map_project_out(m, isl_dim_out, keep,
				dim - keep);
			if (!m)
				goto error;
		}
		ok = at_deps_image_is_parallel(m);
		if (ok < 0)
			goto error;
		if (ok && si->par < 0)
			si->par = k;
		last = ok;
	}
	if (last && n > 0 && si->par != n - 1)
		si->simd = n - 1;
	isl_map_free(img);
	isl_union_map_free(map);
	return 0;
error:
	isl_map_free(img);
	isl_union_map_free(map);
	return -1;
}

/* Sets the matrix facts of si from shape sh (see at_feat_struct_info):
 * H = sh->band over the loops, the loops its non-zero columns cover, det
 * and box of those columns (box = I when they are not n or det is 0),
 * and whether every row is one loop (+-1). */
static void at_feat_matrix(at_feat_struct_info *si, const at_shape *sh)
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH], adj[AT_MAX_DEPTH][AT_MAX_DEPTH];
	int n = sh->n, sq = at_shape_band_square(sh->band, n, m, si->col);
	long det = sq == n ? at_shape_det(m, n) : 0;

	memcpy(si->h, sh->band, sizeof(si->h));
	at_shape_adj(m, n, adj);
	si->det = det;
	si->unit = 1;
	for (int i = 0; i < n; i++) {
		int nz = 0, one = 1;
		si->cover[si->col[i]] = 1;
		for (int j = 0; j < n; j++) {
			si->box[si->col[i]][j] = det ? (double)labs(adj[i][j]) /
				(double)labs(det) : i == j;
			nz += m[i][j] != 0;
			one &= labs(m[i][j]) <= 1;
		}
		si->unit &= nz == 1 && one;
	}
}

/* Fills *si for the structure of ch (see at_features.h). */
int at_features_struct(isl_ctx *ctx, const at_space *space,
	const at_feat_nest *nest, const at_choice *ch, at_feat_struct_info *si)
{
	const at_shape *sh;
	int point_ord[AT_MAX_DEPTH];
	at_choice probe = *ch;

	if (ch->shape < 0) {
		at_feat_untiled(si, nest, 1);
		return at_feat_orig_omp(ctx, space, si);
	}
	memset(si, 0, sizeof(*si));
	si->nest = nest;
	sh = &space->shapes[ch->shape];
	si->kind = 2;
	si->shape_kind = sh->kind;
	si->n = sh->n;
	si->tile_scan = ch->tile_scan;
	si->point_scan = ch->point_scan;
	at_feat_matrix(si, sh);
	at_choice_orders(ch, sh->n, si->tile_ord, point_ord);
	for (int k = 0; k < sh->n; k++) {
		si->tile_rank[si->tile_ord[k]] = k;
		si->point_rank[point_ord[k]] = k;
		probe.sizes[k] = at_space_probe(space, ch->shape, k);
	}
	at_feat_struct_cache(si);
	if (at_feat_inner_sched(ctx, space, &probe, si) < 0)
		return -1;
	return at_space_omp(ctx, space, &probe, &si->par, &si->simd);
}

/* ---------------------------------------------------------------------- */
/* Candidate vector                                                       */
/* ---------------------------------------------------------------------- */

/* Returns the number of tiles along row p at size s. */
static double at_feat_tiles_along(const at_feat_struct_info *si, int p,
	long s)
{
	return ceil(si->extent[p] / (double)s);
}

/* Returns the estimated number of tiles: the product of the tiles along
 * each row when every row follows one loop, else the band's volume (over
 * the loops it covers) divided by a tile's (prod s / |det H|). */
static double at_feat_n_tiles(const at_feat_struct_info *si, const long *s)
{
	double vol = 1, tiles = 1;

	for (int k = 0; k < si->n; k++) {
		tiles *= at_feat_tiles_along(si, k, s[k]);
		vol *= si->nest->pos_trip[si->col[k]] / (double)s[k];
	}
	vol *= (double)labs(si->det);
	if (si->unit)
		return tiles;
	return vol < 1 ? 1 : vol;
}

/* Returns the estimated iterations of the `parallel for` loop (0: none):
 * tiles along its row; the wavefront loop of TP has the sum of the tiles
 * along every row; orig's is the loop's trip count. */
static double at_feat_par_iters(const at_feat_struct_info *si,
	const long *s)
{
	double w = 0;

	if (si->par < 0 || si->par >= si->n)
		return 0;
	if (si->kind != 2)
		return si->nest->pos_trip[si->par];
	if (si->tile_scan != AT_SCAN_P)
		return at_feat_tiles_along(si, si->tile_ord[si->par],
			s[si->tile_ord[si->par]]);
	if (si->par > 0)
		return at_feat_tiles_along(si, si->par, s[si->par]);
	for (int k = 0; k < si->n; k++)
		w += at_feat_tiles_along(si, k, s[k]);
	return w;
}

/* Sets ext[d] to the elements reference fr spans along its subscript d
 * in one tile whose side along the loop at depth p is side[p] (< 1: the
 * whole loop), at most the loop's trip count: 1 + sum_p |coef| (len_p -
 * 1).  Only the non-zero terms are added (a zero one adds +0.0 to a sum
 * >= 1, which changes nothing), in increasing p. */
static void at_feat_ref_ext(const struct at_feat_fref *fr,
	const double *side, double *ext)
{
	for (int d = 0; d < fr->n_dim; d++) {
		ext[d] = 1;
		for (int k = 0; k < fr->n_nz[d]; k++) {
			int p = fr->nz[d][k];
			double len = side[p] >= 1 && side[p] < fr->trip[p] ?
				side[p] : fr->trip[p];
			ext[d] += fr->coef[d][p] * (len - 1);
		}
	}
}

/* Returns how many of `ext` rows `stride` bytes apart start in distinct
 * sets of a cache whose ways have `way` bytes (a power of two, at most
 * 2^16): the rows repeat their set every way / gcd(stride, way) rows;
 * stride 0 (not known): every row its own. */
static double at_feat_set_starts(double ext, long stride, long way)
{
	long g = 1L << at_feat_align(stride);
	double period = (double)way / (double)(g < way ? g : way);

	return stride > 0 && period < ext ? period : ext;
}

/* Returns the cache lines of a reference's elements in one tile that fall
 * into one set of a cache whose ways have `way` bytes, when its array
 * starts at a set boundary (Lam, Rothberg and Wolf's self-interference):
 * the tile holds R rows of the last subscript (extents ext[], see
 * at_feat_ref_ext), each L lines long; their starts fall into P distinct
 * sets (at_feat_set_starts over the outer subscripts, at most the
 * sets); the R L lines spread over min(sets, P L) sets. */
static double at_feat_ref_sets(const struct at_feat_fref *fr,
	const double *ext, long way)
{
	double sets = (double)way / AT_FEAT_LINE, rows = 1, starts = 1, lines;
	int last = fr->n_dim - 1;

	if (fr->n_dim == 0)
		return 1;
	lines = ceil(ext[last] * fr->elem_size / AT_FEAT_LINE);
	for (int d = 0; d < last; d++) {
		rows *= ext[d];
		starts *= at_feat_set_starts(ext[d], fr->stride[d], way);
	}
	starts = starts < sets ? starts : sets;
	return rows * lines / (starts * lines < sets ? starts * lines : sets);
}

/* What the candidate vector estimates of one tile, per reference and
 * summed over the arrays (at_feat_tile). */
enum at_feat_est {
	AT_EST_BYTES,		/* footprint */
	AT_EST_SET_L1,		/* lines in the fullest set, 4 KiB ways */
	AT_EST_SET_L2,		/* the same, 64 KiB ways */
	AT_EST_N
};

/* Sets e[] to reference fr's estimates in one tile whose sides are
 * side[]: the bytes of the elements it touches (the product of its
 * extents, times the element size) and its lines in the fullest set
 * (at_feat_ref_sets). */
static void at_feat_ref_est(const struct at_feat_fref *fr,
	const double *side, double *e)
{
	double ext[AT_MAX_DEPTH], elems = 1;

	at_feat_ref_ext(fr, side, ext);
	for (int d = 0; d < fr->n_dim; d++)
		elems *= ext[d];
	e[AT_EST_BYTES] = elems * fr->elem_size;
	e[AT_EST_SET_L1] = at_feat_ref_sets(fr, ext, AT_FEAT_WAY_L1);
	e[AT_EST_SET_L2] = at_feat_ref_sets(fr, ext, AT_FEAT_WAY_L2);
}

/* Sets est[] to the estimates of one tile whose sides are side[] (see
 * enum at_feat_est), each at least 1: per array, the largest of its
 * references (references of one array mostly overlap; duplicates
 * skipped), summed over the arrays, for the set entries as if every
 * array started at a set boundary.  Untiled candidates: the whole nest. */
static void at_feat_tile(const at_feat_nest *f, const double *side,
	double *est)
{
	double best[AT_FEAT_MAXREF][AT_EST_N], e[AT_EST_N];

	for (int i = 0; i < f->n_fref; i++) {
		const struct at_feat_fref *fr = &f->fref[i];
		if (fr->dup)
			continue;
		at_feat_ref_est(fr, side, e);
		for (int k = 0; k < AT_EST_N; k++)
			if (fr->first == i || e[k] > best[fr->first][k])
				best[fr->first][k] = e[k];
	}
	for (int k = 0; k < AT_EST_N; k++) {
		est[k] = 0;
		for (int i = 0; i < f->n_fref; i++)
			if (f->fref[i].first == i)
				est[k] += best[i][k];
		est[k] = est[k] < 1 ? 1 : est[k];
	}
}

/* Sets side[p] to a tile's side along the loop at depth p: for a loop
 * the band covers, its bounding box sum_j box_pj s_j (at most the trip
 * count, see at_feat_ref_ext); -1 (the whole loop) for the others and
 * for untiled candidates. */
static void at_feat_sides(const at_feat_struct_info *si, const long *s,
	double *side)
{
	for (int p = 0; p < AT_MAX_DEPTH; p++) {
		side[p] = si->kind == 2 && si->cover[p] ? 0 : -1;
		for (int j = 0; si->kind == 2 && si->cover[p] && j < si->n; j++)
			if (si->box[p][j] != 0)	/* +0.0 changes nothing */
				side[p] += si->box[p][j] * (double)s[j];
	}
}

/* Returns a / b, 0 when b is 0. */
static float at_feat_frac(int a, int b)
{
	return b ? (float)a / (float)b : 0;
}

/* Writes the AT_FEAT_CAND_INNER entries of *in: the share of statements
 * whose innermost step is known, of references invariant, contiguous and
 * wide in it, and of writes invariant and wide; returns their number. */
static int at_feat_enc_inner(const at_feat_inner *in, float *o)
{
	o[0] = at_feat_frac(in->known, in->stmts);
	o[1] = at_feat_frac(in->inv, in->refs);
	o[2] = at_feat_frac(in->unit, in->refs);
	o[3] = at_feat_frac(in->wide, in->refs);
	o[4] = at_feat_frac(in->w_inv, in->w);
	o[5] = at_feat_frac(in->w_wide, in->w);
	return AT_FEAT_CAND_INNER;
}

/* Writes the kind, shape, matrix, scan and innermost-loop entries;
 * returns their number. */
static int at_feat_enc_shape(const at_feat_struct_info *si, float *o)
{
	int i = 0;

	o[i++] = si->kind == 0;
	o[i++] = si->kind == 1;
	o[i++] = si->kind == 2;
	o[i++] = si->shape_kind == AT_SHAPE_RECT;
	o[i++] = si->shape_kind == AT_SHAPE_SKEW;
	o[i++] = si->shape_kind == AT_SHAPE_CONE;
	o[i++] = si->shape_kind == AT_SHAPE_ISL;
	o[i++] = si->kind == 2 ? (float)si->n : 0;
	o[i++] = (float)log2((double)(si->det ? labs(si->det) : 1));
	for (int r = 0; r < AT_MAX_DEPTH; r++)
		for (int c = 0; c < AT_MAX_DEPTH; c++)
			o[i++] = (float)si->h[r][c];
	for (int t = 0; t < 3; t++)
		o[i++] = si->tile_scan == t;
	for (int t = 0; t < 3; t++)
		o[i++] = si->point_scan == t;
	return i + at_feat_enc_inner(&si->inner, o + i);
}

/* Returns log2(s) as a float for a tile size s >= 1: the exponent for a
 * power of two (exactly what log2 gives there, without the call), else
 * log2. */
static float at_feat_log2_size(long s)
{
	if (s > 0 && (s & (s - 1)) == 0)
		return (float)__builtin_ctzl((unsigned long)s);
	return (float)log2((double)s);
}

/* Writes the sizes and loop-order entries; returns their number. */
static int at_feat_enc_order(const at_feat_struct_info *si, const long *s,
	float *o)
{
	int i = 0;
	float den = si->n > 1 ? (float)(si->n - 1) : 1;

	for (int k = 0; k < AT_MAX_DEPTH; k++)	/* log2(1) is +0 */
		o[i++] = at_feat_log2_size(s[k]);
	for (int k = 0; k < AT_MAX_DEPTH; k++)
		o[i++] = k < si->n ? si->tile_rank[k] / den : 0;
	for (int k = 0; k < AT_MAX_DEPTH; k++)
		o[i++] = k < si->n ? si->point_rank[k] / den : 0;
	return i;
}

/* Writes the OpenMP and estimate entries (footprint, set conflicts);
 * returns their number. */
static int at_feat_enc_omp(const at_feat_struct_info *si, const long *s,
	float *o)
{
	double side[AT_MAX_DEPTH], est[AT_EST_N], fp;
	float den = si->n > 1 ? (float)(si->n - 1) : 1;
	int i = 0;

	at_feat_sides(si, s, side);
	at_feat_tile(si->nest, side, est);
	fp = log2(est[AT_EST_BYTES]);

	o[i++] = si->par >= 0;
	o[i++] = si->par >= 0 ? si->par / den : 0;
	o[i++] = si->par >= 0 && si->n > 1 && si->par == si->n - 1;
	o[i++] = (float)log2(1.0 + at_feat_par_iters(si, s));
	o[i++] = si->simd >= 0;
	o[i++] = si->kind == 2 && si->tile_scan == AT_SCAN_P;
	o[i++] = (float)log2(si->kind == 2 ? at_feat_n_tiles(si, s) : 1.0);
	o[i++] = (float)fp;
	o[i++] = (float)(fp - si->nest->mach_log2[0]);
	o[i++] = (float)(fp - si->nest->mach_log2[1]);
	o[i++] = (float)(fp - si->nest->mach_log2[2]);
	o[i++] = (float)log2(est[AT_EST_SET_L1]);
	o[i++] = (float)log2(est[AT_EST_SET_L2]);
	return i;
}

/* Rewrites the size-dependent entries (see at_features.h). */
void at_features_cand_resize(const at_feat_struct_info *si,
	const long *sizes, float *out)
{
	long s[AT_MAX_DEPTH];
	int i = AT_FEAT_CAND_SHAPE;

	for (int k = 0; k < AT_MAX_DEPTH; k++)
		s[k] = si->kind == 2 && sizes && k < si->n && sizes[k] > 1 ?
			sizes[k] : 1;
	i += at_feat_enc_order(si, s, out + i);
	at_feat_enc_omp(si, s, out + i);
}

/* Writes the candidate vector (see at_features.h). */
int at_features_cand(const at_feat_struct_info *si, const long *sizes,
	float *out)
{
	at_feat_enc_shape(si, out);
	at_features_cand_resize(si, sizes, out);
	return AT_FEAT_CAND_DIM;
}

/* Writes the candidate vector of keep (see at_features.h). */
void at_features_keep(const at_feat_nest *nest, float *out)
{
	at_feat_struct_info si;

	at_features_struct_keep(nest, &si);
	at_features_cand(&si, NULL, out);
}

/* Names of the scalar candidate entries, in order: before H, scans,
 * after the orders. */
static const char *const at_feat_cand_head[9] = {
	"kind_keep", "kind_orig", "kind_tiled", "shape_rect", "shape_skew",
	"shape_cone", "shape_isl", "band_n", "h_log2det"
};
static const char *const at_feat_cand_scan[6] = {
	"ts_I", "ts_S", "ts_P", "ls_I", "ls_S", "ls_P"
};
static const char *const at_feat_cand_inner[AT_FEAT_CAND_INNER] = {
	"inner_known", "inner_inv", "inner_unit", "inner_wide",
	"inner_store_inv", "inner_store_wide"
};
static const char *const at_feat_cand_tail[13] = {
	"par_has", "par_level", "par_inner", "par_iters_log2", "simd",
	"wavefront", "tiles_log2", "fp_log2", "fp_over_l1", "fp_over_l2",
	"fp_over_l3", "set_l1_log2", "set_l2_log2"
};

/* Writes the name of candidate entry k (see at_features.h). */
char *at_features_cand_name(int k, char *buf, size_t size)
{
	snprintf(buf, size, "%s", "");
	if (k < 0)
		return buf;
	if (at_feat_in(&k, 9))
		snprintf(buf, size, "%s", at_feat_cand_head[k]);
	else if (at_feat_in(&k, AT_MAX_DEPTH * AT_MAX_DEPTH))
		snprintf(buf, size, "h_r%dc%d", k / AT_MAX_DEPTH,
			k % AT_MAX_DEPTH);
	else if (at_feat_in(&k, 6))
		snprintf(buf, size, "%s", at_feat_cand_scan[k]);
	else if (at_feat_in(&k, AT_FEAT_CAND_INNER))
		snprintf(buf, size, "%s", at_feat_cand_inner[k]);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "size_log2_%d", k);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "tile_rank_%d", k);
	else if (at_feat_in(&k, AT_MAX_DEPTH))
		snprintf(buf, size, "point_rank_%d", k);
	else if (at_feat_in(&k, 13))
		snprintf(buf, size, "%s", at_feat_cand_tail[k]);
	return buf;
}
