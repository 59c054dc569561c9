/*
 * shape.c — stage 4 (space), part 1: partitioning matrices H derived from
 * the exact dependence distances and the dependence cone (see at_shape.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "at_shape.h"

/* Deepest band that gets cone shapes: on 4-D uniform nests, isl's AST
 * generation for their non-unimodular tiles ran for over 30 minutes
 * (make verify-long, seeds 109 and 402). */
#define AT_CONE_MAX 3

/* Returns |a|. */
static long at_shape_abs(long a)
{
	return a < 0 ? -a : a;
}

/* Returns the determinant of h by cofactor expansion along row 0 (n is at
 * most AT_MAX_DEPTH and the shapes here are 2-4 rows). */
long at_shape_det(const long h[][AT_MAX_DEPTH], int n)
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH];
	long det = 0;

	if (n == 0)
		return 1;
	if (n == 1)
		return h[0][0];
	for (int c = 0; c < n; c++) {
		if (h[0][c] == 0)
			continue;
		for (int r = 1; r < n; r++)
			for (int k = 0, j = 0; k < n; k++)
				if (k != c)
					m[r - 1][j++] = h[r][k];
		det += (c % 2 ? -1 : 1) * h[0][c] * at_shape_det(m, n - 1);
	}
	return det;
}

/* Writes the adjugate (transposed cofactor matrix) of h into adj. */
void at_shape_adj(const long h[][AT_MAX_DEPTH], int n,
	long adj[][AT_MAX_DEPTH])
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH];

	if (n == 1) {
		adj[0][0] = 1;
		return;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			for (int r = 0, a = 0; r < n; r++) {
				if (r == i)
					continue;
				for (int k = 0, b = 0; k < n; k++)
					if (k != j)
						m[a][b++] = h[r][k];
				a++;
			}
			adj[j][i] = ((i + j) % 2 ? -1 : 1) *
				at_shape_det(m, n - 1);
		}
}

/* Returns 1 if h . d >= 0 on all of `deltas`: the set with the
 * constraint h . d <= -1 added is empty. */
int at_shape_row_ok(__isl_keep isl_set *deltas, const long *h, int n)
{
	isl_local_space *ls;
	isl_constraint *c;
	isl_set *bad;
	isl_bool empty;

	ls = isl_local_space_from_space(isl_set_get_space(deltas));
	c = isl_constraint_alloc_inequality(ls);
	for (int k = 0; k < n; k++)
		c = isl_constraint_set_coefficient_si(c, isl_dim_set, k, -h[k]);
	c = isl_constraint_set_constant_si(c, -1);
	bad = isl_set_add_constraint(isl_set_copy(deltas), c);
	empty = isl_set_is_empty(bad);
	isl_set_free(bad);
	return empty < 0 ? -1 : empty;
}

/* Sets sh->band to `band` and sh->trips to how many values each of its
 * first sh->n rows takes over trips, the trip counts of the loops its
 * columns are (see at_shape). */
static void at_shape_set_rows(const long *trips, at_shape *sh,
	long band[][AT_MAX_DEPTH])
{
	memcpy(sh->band, band, sizeof(sh->band));
	for (int p = 0; p < AT_MAX_DEPTH; p++) {
		long ext = 1;
		int nz = 0, one = -1;
		for (int c = 0; c < AT_MAX_DEPTH && ext > 0; c++) {
			long b = labs(band[p][c]);
			if (!b)
				continue;
			nz++;
			one = b == 1 ? c : -1;
			ext = trips[c] >= 1 ? ext + b * (trips[c] - 1) : -1;
		}
		sh->trips[p] = nz == 1 && one >= 0 ? trips[one] :
			nz ? ext : trips[p];
	}
}

/* Appends a shape named `name` with rows h to space (if there is room and
 * no shape has the same matrix).  Returns the new shape or NULL. */
static at_shape *at_shape_add(at_space *space, at_shape_kind kind,
	const char *name, long h[][AT_MAX_DEPTH], int n)
{
	at_shape *sh;

	for (int i = 0; i < space->n_shape; i++)
		if (space->shapes[i].kind != AT_SHAPE_ISL &&
		    !memcmp(space->shapes[i].h, h, sizeof(space->shapes[i].h)))
			return NULL;
	if (space->n_shape == AT_MAX_SHAPE)
		return NULL;
	sh = &space->shapes[space->n_shape++];
	memset(sh, 0, sizeof(*sh));
	sh->kind = kind;
	snprintf(sh->name, sizeof(sh->name), "%s", name);
	for (int i = 0; i < space->n_shape - 1; i++)
		if (!strcmp(space->shapes[i].name, name))
			snprintf(sh->name, sizeof(sh->name), "%s%d", name,
				space->n_shape);
	sh->n = n;
	memcpy(sh->h, h, sizeof(sh->h));
	at_shape_set_rows(space->trips, sh, h);
	sh->stmt = space->ref;
	sh->unit = 1;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			if (h[r][c] != (r == c))
				sh->unit = 0;
	return sh;
}

/* Finds row k of the unit-lower-triangular skew: e_k plus the smallest
 * non-negative multiples (each <= 3, by increasing sum) of earlier unit
 * vectors that make it non-negative on deltas.  Returns 1, 0 (none), -1. */
static int at_shape_skew_row(__isl_keep isl_set *deltas, int n, int k,
	long *row)
{
	int m[AT_MAX_DEPTH] = { 0 };

	for (int sum = 0; sum <= 3 * k; sum++) {
		/* enumerate m[0..k-1] in [0,3] with the given sum */
		for (long code = 0, lim = 1; ; code++) {
			long c = code;
			int s = 0;
			if (code == 0)
				for (int j = 0; j < k; j++)
					lim *= 4;
			if (code >= lim)
				break;
			for (int j = 0; j < k; j++, c /= 4)
				s += m[j] = (int)(c % 4);
			if (s != sum)
				continue;
			for (int j = 0; j < n; j++)
				row[j] = j < k ? m[j] : j == k;
			int ok = at_shape_row_ok(deltas, row, n);
			if (ok)
				return ok;
		}
	}
	return 0;
}

/* Adds "rect" (always: its structures show why rectangular tiles are
 * illegal when they are) and "skew" when it differs from rect. */
static int at_shape_add_rect_skew(at_space *space, __isl_keep isl_set *deltas,
	int n)
{
	long h[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } };
	int unit = 1;

	for (int k = 0; k < n; k++)
		h[k][k] = 1;
	at_shape_add(space, AT_SHAPE_RECT, "rect", h, n);
	for (int k = 0; k < n; k++) {
		int ok = at_shape_skew_row(deltas, n, k, h[k]);
		if (ok <= 0)
			return ok;
		for (int j = 0; j < k; j++)
			unit &= h[k][j] == 0;
	}
	if (!unit)
		at_shape_add(space, AT_SHAPE_SKEW, "skew", h, n);
	return 0;
}

/* Sets c to the generalized cross product of the n-1 vectors v[sel[0..]]:
 * c_i = (-1)^i det(the vectors without column i), orthogonal to all. */
static void at_shape_cross(long v[][AT_MAX_DEPTH], const int *sel, int n,
	long *c)
{
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH];

	for (int i = 0; i < n; i++) {
		for (int r = 0; r < n - 1; r++)
			for (int k = 0, j = 0; k < n; k++)
				if (k != i)
					m[r][j++] = v[sel[r]][k];
		c[i] = (i % 2 ? -1 : 1) * at_shape_det(m, n - 1);
	}
}

/* Advances sel (an increasing k-subset of 0..m-1) to the next subset;
 * returns 0 after the last one. */
static int at_shape_next_subset(int *sel, int k, int m)
{
	int i = k - 1;

	while (i >= 0 && sel[i] == m - k + i)
		i--;
	if (i < 0)
		return 0;
	sel[i]++;
	for (int j = i + 1; j < k; j++)
		sel[j] = sel[j - 1] + 1;
	return 1;
}

/* Facet normals of the cone: candidate rows and how many rays each is
 * orthogonal to (its tightness). */
struct at_shape_rows {
	int n_row;
	long row[32][AT_MAX_DEPTH];
	int tight[32];
};

/* Adds normal c (oriented, normalized) to rows unless present. */
static void at_shape_add_row(struct at_shape_rows *rows, const long *c,
	int n, const at_deps *deps)
{
	int t = 0;

	for (int i = 0; i < rows->n_row; i++)
		if (!memcmp(rows->row[i], c, n * sizeof(long)))
			return;
	if (rows->n_row == 32)
		return;
	for (int r = 0; r < deps->n_ray; r++) {
		long dot = 0;
		for (int k = 0; k < n; k++)
			dot += c[k] * deps->rays[r][k];
		t += dot == 0;
	}
	memcpy(rows->row[rows->n_row], c, n * sizeof(long));
	rows->tight[rows->n_row++] = t;
}

/* Collects the normals of (n-1)-subsets of rays and unit vectors that are
 * non-negative on deltas (after orienting them). */
static int at_shape_normals(const at_deps *deps, __isl_keep isl_set *deltas,
	int n, struct at_shape_rows *rows)
{
	long v[16 + AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } };
	int n_v = 0, sel[AT_MAX_DEPTH];

	for (int r = 0; r < deps->n_ray && n_v < 16; r++)
		memcpy(v[n_v++], deps->rays[r], sizeof(v[0]));
	for (int k = 0; k < n; k++)
		v[n_v++][k] = 1;
	for (int i = 0; i < n - 1; i++)
		sel[i] = i;
	for (;;) {
		long c[AT_MAX_DEPTH] = { 0 };
		int nz = 0, ok;
		at_shape_cross(v, sel, n, c);
		for (int k = 0; k < n; k++)
			nz |= c[k] != 0;
		at_deps_normalize(c, n);
		ok = nz ? at_shape_row_ok(deltas, c, n) : 0;
		if (ok == 0 && nz) {
			for (int k = 0; k < n; k++)
				c[k] = -c[k];
			ok = at_shape_row_ok(deltas, c, n);
		}
		if (ok < 0)
			return -1;
		if (ok)
			at_shape_add_row(rows, c, n, deps);
		if (!at_shape_next_subset(sel, n - 1, n_v))
			break;
	}
	return 0;
}

/* Returns 1 if two rows of h mirror each other: same first entry, the
 * others negated (the diamond of a time loop and a space loop). */
static int at_shape_is_diamond(long h[][AT_MAX_DEPTH], int n)
{
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++) {
			int mirror = h[a][0] != 0 && h[a][0] == h[b][0];
			int nz = 0;
			for (int k = 1; k < n; k++) {
				mirror &= h[a][k] == -h[b][k];
				nz |= h[a][k] != 0;
			}
			if (mirror && nz)
				return 1;
		}
	return 0;
}

/* Sorts the n rows of h in decreasing lexicographic order. */
static void at_shape_sort_rows(long h[][AT_MAX_DEPTH], int n)
{
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++) {
			int k = 0;
			while (k < n && h[a][k] == h[b][k])
				k++;
			if (k < n && h[b][k] > h[a][k]) {
				long t[AT_MAX_DEPTH];
				memcpy(t, h[a], sizeof(t));
				memcpy(h[a], h[b], sizeof(t));
				memcpy(h[b], t, sizeof(t));
			}
		}
}

/* Scores an n-subset of rows: tighter facets first, then small |det|. */
static long at_shape_score(const struct at_shape_rows *rows, const int *sel,
	int n, long det)
{
	long tight = 0;

	for (int i = 0; i < n; i++)
		tight += rows->tight[sel[i]];
	return tight * 1000 - at_shape_abs(det);
}

/* Returns the subset of the facet normals with the best score (ties: the
 * first enumerated) whose matrix is nonsingular and differs from `skip`
 * (may be NULL), in h.  Returns 1 if found, 0 if not. */
static int at_shape_best(const struct at_shape_rows *rows, int n_row, int n,
	long skip[][AT_MAX_DEPTH], long h[][AT_MAX_DEPTH])
{
	int sel[AT_MAX_DEPTH], found = 0;
	long best = 0;

	for (int i = 0; i < n; i++)
		sel[i] = i;
	do {
		long m[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } }, det, score;
		for (int i = 0; i < n; i++)
			memcpy(m[i], rows->row[sel[i]], n * sizeof(long));
		det = at_shape_det(m, n);
		if (det == 0)
			continue;
		at_shape_sort_rows(m, n);
		if (skip && !memcmp(m, skip, sizeof(m)))
			continue;
		score = at_shape_score(rows, sel, n, det);
		if (!found || score > best) {
			memcpy(h, m, sizeof(m));
			best = score;
			found = 1;
		}
	} while (at_shape_next_subset(sel, n, n_row));
	return found;
}

/* Adds up to two cone shapes: the two best-scoring nonsingular n-subsets
 * of the facet normals. */
static int at_shape_add_cone(at_space *space, __isl_keep isl_set *deltas,
	int n)
{
	struct at_shape_rows rows = { 0 };
	long best[2][AT_MAX_DEPTH][AT_MAX_DEPTH];
	int n_row;

	if (space->deps->n_dim != n || space->deps->n_ray == 0 ||
	    n > AT_CONE_MAX)
		return 0;
	if (at_shape_normals(space->deps, deltas, n, &rows) < 0)
		return -1;
	n_row = rows.n_row < 10 ? rows.n_row : 10;
	if (n_row < n)
		return 0;
	for (int b = 0; b < 2; b++) {
		char name[16];
		if (!at_shape_best(&rows, n_row, n, b ? best[0] : NULL,
		    best[b]))
			break;
		snprintf(name, sizeof(name), "cone%d", b + 1);
		at_shape_add(space, AT_SHAPE_CONE,
			at_shape_is_diamond(best[b], n) ? "diamond" : name,
			best[b], n);
	}
	return 0;
}

/* Sets sigma: the sum of the distinct uniform distance vectors of the
 * first n loops (the paper's summation vector), divided by its gcd; all
 * ones when there is none. */
static void at_shape_sigma(const at_deps *deps, int n, long *sigma)
{
	long seen[64][AT_MAX_DEPTH];
	int n_seen = 0, zero = 1;

	memset(sigma, 0, AT_MAX_DEPTH * sizeof(long));
	for (int i = 0; i < deps->n_dep && n_seen < 64; i++) {
		const at_dep *d = &deps->deps[i];
		int dup = 0, nz = 0;
		if (!d->uniform || d->n_common < n)
			continue;
		for (int j = 0; j < n_seen; j++)
			dup |= !memcmp(seen[j], d->dist, n * sizeof(long));
		for (int k = 0; k < n; k++)
			nz |= d->dist[k] != 0;
		if (dup || !nz)
			continue;
		memcpy(seen[n_seen++], d->dist, sizeof(seen[0]));
		for (int k = 0; k < n; k++)
			sigma[k] += d->dist[k];
	}
	for (int k = 0; k < n; k++)
		zero &= sigma[k] == 0;
	for (int k = 0; zero && k < n; k++)
		sigma[k] = 1;
	at_deps_normalize(sigma, n);
}

/* Adds the shapes of the shared loops (see at_shape.h). */
int at_shape_orig(at_space *space, __isl_keep isl_set *deltas, int n)
{
	int first = space->n_shape;
	long sigma[AT_MAX_DEPTH];

	if (at_shape_add_rect_skew(space, deltas, n) < 0 ||
	    at_shape_add_cone(space, deltas, n) < 0)
		return -1;
	at_shape_sigma(space->deps, n, sigma);
	for (int i = first; i < space->n_shape; i++)
		memcpy(space->shapes[i].sigma, sigma, sizeof(sigma));
	return 0;
}

/* Context of at_shape_deepest: the scop, and the deepest of its
 * statements seen so far (-1: none) with its isl space. */
struct at_shape_pick {
	const at_scop *scop;
	int stmt;
	isl_space *space;
};

/* Keeps in *user (a struct at_shape_pick) the set of a union set whose
 * statement comes first as a reference (at_scop_ref_before): the most
 * loops, the first such on ties. */
static isl_stat at_shape_deepest(__isl_take isl_set *set, void *user)
{
	struct at_shape_pick *pk = user;
	const char *name = isl_set_get_tuple_name(set);
	int k = -1;

	if (name && sscanf(name, "S%d", &k) == 1 && k >= 0 &&
	    k < pk->scop->n_stmt && at_scop_ref_before(pk->scop, k, pk->stmt)) {
		isl_space_free(pk->space);
		pk->space = isl_set_get_space(set);
		pk->stmt = k;
	}
	isl_set_free(set);
	return pk->space || pk->stmt < 0 ? isl_stat_ok : isl_stat_error;
}

/* Keeps the expression of a piece in *user (an isl_aff, replaced). */
static isl_stat at_shape_piece(__isl_take isl_set *set,
	__isl_take isl_aff *aff, void *user)
{
	isl_aff **out = user;

	isl_set_free(set);
	isl_aff_free(*out);
	*out = aff;
	return isl_stat_ok;
}

/* Writes the coefficients of member p of mupa on the d loops of the
 * statement of space s0 into row; returns 1, 0 when it is not one affine
 * piece with integer coefficients and no division there, -1 on error. */
static int at_shape_member_row(__isl_keep isl_multi_union_pw_aff *mupa,
	int p, __isl_keep isl_space *s0, int d, long *row)
{
	isl_union_pw_aff *upa = isl_multi_union_pw_aff_get_union_pw_aff(mupa,
		p);
	isl_space *fn = isl_space_add_dims(isl_space_from_domain(
		isl_space_copy(s0)), isl_dim_out, 1);
	isl_pw_aff *pa = isl_union_pw_aff_extract_pw_aff(upa, fn);
	isl_aff *aff = NULL;
	int ok = 0;

	isl_union_pw_aff_free(upa);
	if (!pa)
		return -1;
	if (isl_pw_aff_n_piece(pa) == 1 &&
	    isl_pw_aff_foreach_piece(pa, &at_shape_piece, &aff) < 0)
		goto error;
	ok = aff && isl_aff_dim(aff, isl_dim_div) == 0;
	for (int k = 0; ok && k < d; k++) {
		isl_val *v = isl_aff_get_coefficient_val(aff, isl_dim_in, k);
		if (!v)
			goto error;
		ok = isl_val_is_int(v) == isl_bool_true;
		row[k] = ok ? isl_val_get_num_si(v) : 0;
		isl_val_free(v);
	}
	isl_aff_free(aff);
	isl_pw_aff_free(pa);
	return ok;
error:
	isl_aff_free(aff);
	isl_pw_aff_free(pa);
	return -1;
}

/* Finds the square part of a band (see at_shape.h). */
int at_shape_band_square(const long band[][AT_MAX_DEPTH], int n,
	long m[][AT_MAX_DEPTH], int *col)
{
	int cols = 0;

	for (int c = 0; c < AT_MAX_DEPTH && cols <= n; c++) {
		int nz = 0;
		for (int r = 0; r < n; r++)
			nz |= band[r][c] != 0;
		if (nz && cols < n)
			col[cols] = c;
		cols += nz;
	}
	for (int i = 0; cols != n && i < n; i++)
		col[i] = i;
	for (int r = 0; r < n; r++)
		for (int i = 0; i < n; i++)
			m[r][i] = cols == n ? band[r][col[i]] : r == i;
	return cols == n ? n : -1;
}

/* Sets isl's band rows (see at_shape.h). */
int at_shape_isl_rows(const at_space *space,
	__isl_keep isl_schedule_node *node, at_shape *sh)
{
	const at_scop *scop = space->scop;
	long band[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 0 } };
	isl_union_set *dom = isl_schedule_node_get_domain(node);
	isl_multi_union_pw_aff *mupa =
		isl_schedule_node_band_get_partial_schedule(node);
	long m[AT_MAX_DEPTH][AT_MAX_DEPTH], trips[AT_MAX_DEPTH];
	struct at_shape_pick pk = { scop, -1, NULL };
	int d, ok = 1;
	int col[AT_MAX_DEPTH];

	if (!dom || !mupa ||
	    isl_union_set_foreach_set(dom, &at_shape_deepest, &pk) < 0)
		goto error;
	sh->stmt = pk.space ? pk.stmt : space->ref;
	d = pk.space ? scop->stmts[pk.stmt].n_loop : 0;
	at_space_stmt_trips(space, sh->stmt, trips);
	for (int k = 0; k < sh->n; k++)
		band[k][k] = 1;
	at_shape_set_rows(trips, sh, band);
	memset(band, 0, sizeof(band));
	for (int p = 0; pk.space && ok > 0 && p < sh->n; p++)
		ok = at_shape_member_row(mupa, p, pk.space, d, band[p]);
	if (ok < 0)
		goto error;
	if (pk.space && ok &&
	    at_shape_band_square(band, sh->n, m, col) == sh->n &&
	    at_shape_det(m, sh->n) != 0)
		at_shape_set_rows(trips, sh, band);
	isl_space_free(pk.space);
	isl_multi_union_pw_aff_free(mupa);
	isl_union_set_free(dom);
	return 0;
error:
	isl_space_free(pk.space);
	isl_multi_union_pw_aff_free(mupa);
	isl_union_set_free(dom);
	return -1;
}
