/*
 * test_deps.c — dependences, distance vectors, cone and legality on scops
 * built by hand (independent of the front end): the paper's Listing 1.1
 * and matmul.
 */
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/union_map.h>
#include <isl/schedule.h>

#include "at_test.h"
#include "at_scop.h"
#include "at_deps.h"
#include "at_frontend.h"
#include "at_space.h"

/* Returns a zeroed row of n longs with the given leading entries. */
static long *row(int n, const long *v, int nv)
{
	long *r = calloc(n, sizeof(long));
	memcpy(r, v, nv * sizeof(long));
	return r;
}

/* Adds a rectangular loop lo <= iter <= hi (hi as a row) at depth d. */
static void add_loop(at_scop *s, const char *iter, int d, long lo,
	const long *hi)
{
	int n = at_scop_ncol(s);
	at_loop *l = &s->loops[d];
	long lb[AT_MAX_DEPTH + 4] = { 0 };

	l->iter = strdup(iter);
	l->type = strdup("int");
	l->parent = d - 1;
	l->depth = d;
	l->step = 1;
	l->n_lb = l->n_ub = 1;
	l->lb = calloc(1, sizeof(at_bound));
	l->ub = calloc(1, sizeof(at_bound));
	lb[n - 1] = lo;
	l->lb[0].row = row(n, lb, n);
	l->lb[0].den = 1;
	l->ub[0].row = row(n, hi, n);
	l->ub[0].den = 1;
}

/* Adds reference k of statement 0 with a 2-D or 3-D subscript matrix. */
static void add_ref(at_scop *s, int k, at_ref_kind kind, int arr,
	const long *m)
{
	int n = at_scop_ncol(s);
	at_ref *r = &s->stmts[0].refs[k];

	r->array = arr;
	r->kind = kind;
	r->n_dim = s->arrays[arr].n_dim;
	r->m = row(r->n_dim * n, m, r->n_dim * n);
}

/* Returns a one-statement scop with `depth` loops, n_param parameters and
 * n_ref references (filled in by the caller). */
static at_scop *new_scop(int depth, int n_param, int n_array, int n_ref)
{
	at_scop *s = calloc(1, sizeof(*s));

	s->n_loop = depth;
	s->loops = calloc(depth, sizeof(at_loop));
	s->n_param = n_param;
	s->params = calloc(n_param ? n_param : 1, sizeof(char *));
	s->n_array = n_array;
	s->arrays = calloc(n_array, sizeof(at_array));
	s->n_stmt = 1;
	s->stmts = calloc(1, sizeof(at_stmt));
	s->stmts[0].n_loop = depth;
	for (int d = 0; d < depth; d++)
		s->stmts[0].loops[d] = d;
	s->stmts[0].n_ref = n_ref;
	s->stmts[0].refs = calloc(n_ref, sizeof(at_ref));
	s->clauses = strdup("");
	s->indent = strdup("");
	return s;
}

/* Returns 1 if some dependence of `kind` from S<a> to S<b> (a, b < 0:
 * any statement) has uniform distance v over n common loops. */
static int has_dep(const at_deps *d, at_dep_kind kind, int a, int b,
	const long *v, int n)
{
	for (int i = 0; i < d->n_dep; i++)
		if (d->deps[i].kind == kind && d->deps[i].uniform &&
		    (a < 0 || d->deps[i].src == a) &&
		    (b < 0 || d->deps[i].dst == b) &&
		    d->deps[i].n_common == n &&
		    memcmp(d->deps[i].dist, v, n * sizeof(long)) == 0)
			return 1;
	return 0;
}

/* Listing 1.1: A[i][j] = A[i-2][j-1] + A[i-1][j-1] + A[i-1][j-2]. */
static at_scop *listing11(void)
{
	at_scop *s = new_scop(2, 0, 1, 4);
	/* columns: i j 1 */
	long hi_i[] = { 0, 0, 1021 }, hi_j[] = { 0, 0, 509 };
	long w[] = { 1, 0, 0, 0, 1, 0 };
	long r1[] = { 1, 0, -2, 0, 1, -1 };
	long r2[] = { 1, 0, -1, 0, 1, -1 };
	long r3[] = { 1, 0, -1, 0, 1, -2 };

	s->arrays[0].name = strdup("A");
	s->arrays[0].elem_type = strdup("double");
	s->arrays[0].elem_size = 8;
	s->arrays[0].n_dim = 2;
	add_loop(s, "i", 0, 2, hi_i);
	add_loop(s, "j", 1, 2, hi_j);
	add_ref(s, 0, AT_WRITE, 0, w);
	add_ref(s, 1, AT_READ, 0, r1);
	add_ref(s, 2, AT_READ, 0, r2);
	add_ref(s, 3, AT_READ, 0, r3);
	return s;
}

/* matmul: C[i][j] += A[i][k] * B[k][j], 0 <= i,j,k < N. */
static at_scop *matmul(void)
{
	at_scop *s = new_scop(3, 1, 3, 4);
	/* columns: i j k N 1 */
	long hi[] = { 0, 0, 0, 1, -1 };
	long c[] = { 1, 0, 0, 0, 0, 0, 1, 0, 0, 0 };
	long a[] = { 1, 0, 0, 0, 0, 0, 0, 1, 0, 0 };
	long b[] = { 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 };
	const char *names[] = { "C", "A", "B" };

	s->params[0] = strdup("N");
	for (int k = 0; k < 3; k++) {
		s->arrays[k].name = strdup(names[k]);
		s->arrays[k].elem_type = strdup("double");
		s->arrays[k].elem_size = 8;
		s->arrays[k].n_dim = 2;
	}
	add_loop(s, "i", 0, 0, hi);
	add_loop(s, "j", 1, 0, hi);
	add_loop(s, "k", 2, 0, hi);
	add_ref(s, 0, AT_READ, 0, c);
	add_ref(s, 1, AT_READ, 1, a);
	add_ref(s, 2, AT_READ, 2, b);
	add_ref(s, 3, AT_WRITE, 0, c);
	return s;
}

/* Returns at_deps_weakly_forward of schedule `text` on its first n
 * dimensions. */
static int weakly(isl_ctx *ctx, const at_deps *d, const char *text, int n)
{
	isl_union_map *t = isl_union_map_read_from_str(ctx, text);
	int r = at_deps_weakly_forward(d, t, n);

	isl_union_map_free(t);
	return r;
}

/* Checks Listing 1.1's distances, extreme rays and a few legality tests. */
static void test_listing11(isl_ctx *ctx)
{
	at_scop *s = listing11();
	at_deps *d = at_deps_compute(ctx, s);
	long d21[] = { 2, 1 }, d11[] = { 1, 1 }, d12[] = { 1, 2 };
	isl_union_map *t;

	long trips[2], total;

	AT_CHECK(at_scop_trip_counts(ctx, s, trips, &total) == 0 &&
		 trips[0] == 1020 && trips[1] == 508 && total == 518160,
		 "listing 1.1: iteration vector [1020, 508, 518160]");
	AT_CHECK(d != NULL, "listing 1.1: dependences computed");
	if (!d)
		goto out;
	AT_CHECK_INT(d->n_dep, 3, "listing 1.1: number of dependences");
	AT_CHECK(has_dep(d, AT_DEP_RAW, -1, -1, d21, 2), "RAW distance (2,1)");
	AT_CHECK(has_dep(d, AT_DEP_RAW, -1, -1, d11, 2), "RAW distance (1,1)");
	AT_CHECK(has_dep(d, AT_DEP_RAW, -1, -1, d12, 2), "RAW distance (1,2)");
	AT_CHECK_INT(d->n_ray, 2, "listing 1.1: two extreme rays");
	AT_CHECK(d->n_ray == 2 &&
		 ((d->rays[0][0] == 2 && d->rays[0][1] == 1 &&
		   d->rays[1][0] == 1 && d->rays[1][1] == 2) ||
		  (d->rays[1][0] == 2 && d->rays[1][1] == 1 &&
		   d->rays[0][0] == 1 && d->rays[0][1] == 2)),
		 "listing 1.1: extreme rays (2,1) and (1,2)");
	t = isl_union_map_read_from_str(ctx, "{ S0[i,j] -> [j,i] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 1, "interchange is legal");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx, "{ S0[i,j] -> [-i,j] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 0, "reversing i is illegal");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx,
		"{ S0[i,j] -> [floor(i/32), floor(j/32), i, j] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 1, "32x32 tiling is legal");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx, "{ S0[i,j] -> [i + j, i] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 1, "wavefront i+j is legal");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx, "{ S0[i,j] -> [i - j, j] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 0, "skew i-j is illegal");
	isl_union_map_free(t);
	AT_CHECK_INT(weakly(ctx, d, "{ S0[i,j] -> [floor(i/4), -floor(j/4), "
		"i, j] }", 1), 1, "tile row first: weakly forward in the first "
		"dimension");
	AT_CHECK_INT(weakly(ctx, d, "{ S0[i,j] -> [floor(i/4), -floor(j/4), "
		"i, j] }", 2), 0, "tile columns reversed: a dependence goes "
		"backward in two dimensions");
	AT_CHECK_INT(weakly(ctx, d, "{ S0[i,j] -> [floor(i/4), floor(j/4), "
		"-i, j] }", 2), 1, "4x4 tiles: weakly forward in the tile "
		"dimensions");
	AT_CHECK_INT(weakly(ctx, d, "{ S0[i,j] -> [floor(i/4), floor(j/4), "
		"-i, j] }", 3), 0, "points reversed inside tiles: backward in "
		"three dimensions");
	t = isl_union_map_read_from_str(ctx,
		"{ S0[i,j] -> [floor(i/4), floor(j/4), -i, j] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 0, "points reversed inside "
		"tiles: illegal");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx, "{ S0[i,j] -> [i + j, i] }");
	AT_CHECK_INT(at_deps_is_parallel(d, t), 1,
		"inner loop of the i+j wavefront is parallel");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx, "{ S0[i,j] -> [i] }");
	AT_CHECK_INT(at_deps_is_parallel(d, t), 0, "loop i is not parallel");
	isl_union_map_free(t);
out:
	at_deps_free(d);
	at_scop_free(s);
}

/* matmul: dependences only on k; i and j parallel. */
static void test_matmul(isl_ctx *ctx)
{
	at_scop *s = matmul();
	at_deps *d = at_deps_compute(ctx, s);
	long k1[] = { 0, 0, 1 };
	int only_k = 1;
	isl_union_map *t;

	AT_CHECK(d != NULL, "matmul: dependences computed");
	if (!d)
		goto out;
	AT_CHECK(has_dep(d, AT_DEP_RAW, -1, -1, k1, 3), "matmul RAW (0,0,1)");
	AT_CHECK(has_dep(d, AT_DEP_WAW, -1, -1, k1, 3), "matmul WAW (0,0,1)");
	for (int i = 0; i < d->n_dep; i++)
		only_k &= d->deps[i].uniform && d->deps[i].dist[0] == 0 &&
			  d->deps[i].dist[1] == 0;
	AT_CHECK(only_k, "matmul: every dependence is carried by k only");
	t = isl_union_map_read_from_str(ctx, "[N] -> { S0[i,j,k] -> [i] }");
	AT_CHECK_INT(at_deps_is_parallel(d, t), 1, "matmul: i is parallel");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx,
		"[N] -> { S0[i,j,k] -> [i,j,k] }");
	AT_CHECK_INT(at_deps_is_parallel(d, t), 0,
		"matmul: k is not parallel");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx,
		"[N] -> { S0[i,j,k] -> [k,i,j] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 1, "matmul: k-i-j is legal");
	isl_union_map_free(t);
	t = isl_union_map_read_from_str(ctx,
		"[N] -> { S0[i,j,k] -> [i,j,-k] }");
	AT_CHECK_INT(at_deps_is_legal(d, t), 0,
		"matmul: reversing k is illegal (no reassociation)");
	isl_union_map_free(t);
out:
	at_deps_free(d);
	at_scop_free(s);
}

/* Returns 1 if `text` (a union map) is a legal schedule for d. */
static int legal(isl_ctx *ctx, const at_deps *d, const char *text)
{
	isl_union_map *t = isl_union_map_read_from_str(ctx, text);
	int r = at_deps_is_legal(d, t);

	isl_union_map_free(t);
	return r;
}

/* Returns the dependence schedule `text` violates (at_deps_violated). */
static int violated(isl_ctx *ctx, const at_deps *d, const char *text)
{
	isl_union_map *t = isl_union_map_read_from_str(ctx, text);
	int r = at_deps_violated(d, t);

	isl_union_map_free(t);
	return r;
}

/* Returns at_deps_check of schedule `text` (dep may be NULL). */
static int check(isl_ctx *ctx, const at_deps *d, const char *text, int *dep)
{
	isl_union_map *t = isl_union_map_read_from_str(ctx, text);
	int r = at_deps_check(d, t, dep);

	isl_union_map_free(t);
	return r;
}

/* Returns 1 if the last dimension of partial schedule `text` is parallel. */
static int parallel(isl_ctx *ctx, const at_deps *d, const char *text)
{
	isl_union_map *t = isl_union_map_read_from_str(ctx, text);
	int r = at_deps_is_parallel(d, t);

	isl_union_map_free(t);
	return r;
}

/* Returns 1 if isl's scheduler gives a tiled candidate that passes the
 * legality test for the first nest of `src`. */
static int tilable(isl_ctx *ctx, const at_scop *s, const at_deps *d)
{
	at_opts opts = { 0 };
	const char *why;
	at_space *space = at_space_build(ctx, s, d, AT_SPACE_SHAPES);
	at_choice ch;
	at_cand *c = NULL;
	int dep;

	opts.default_size = 8;
	opts.tile_scan = opts.point_scan = -1;
	if (space && at_space_default(space, &opts, &ch, &why) == 0)
		c = at_space_make(ctx, space, &ch, &dep);
	at_cand_free(c);
	at_space_free(space);
	return c != NULL;
}

/* Returns 1 if a and b hold the same dependences (relations, kinds,
 * statements, references, common loops and distances). */
static int same_deps(const at_deps *a, const at_deps *b)
{
	if (a->n_dep != b->n_dep || a->n_local != b->n_local ||
	    isl_union_map_is_equal(a->all, b->all) != isl_bool_true)
		return 0;
	for (int i = 0; i < a->n_dep; i++) {
		const at_dep *x = &a->deps[i], *y = &b->deps[i];

		if (x->kind != y->kind || x->src != y->src || x->dst != y->dst ||
		    x->src_ref != y->src_ref || x->dst_ref != y->dst_ref ||
		    x->uniform != y->uniform || x->n_common != y->n_common ||
		    memcmp(x->dist, y->dist, sizeof(x->dist)) ||
		    strcmp(x->delta, y->delta) ||
		    isl_map_is_equal(x->rel, y->rel) != isl_bool_true)
			return 0;
	}
	for (int i = 0; i < a->n_local; i++)
		if (isl_union_map_is_equal(a->local[i], b->local[i]) !=
		    isl_bool_true)
			return 0;
	return 1;
}

/* at_deps_memo_compute over dep_memo.c's seven nests: the copy reuses the
 * first nest's dependences, each near copy gets its own, and all equal
 * at_deps_compute's. */
static void test_memo(isl_ctx *ctx)
{
	static const int hit[] = { 0, 1, 0, 0, 0, 0, 0 };
	at_source *src = NULL;
	at_deps_memo memo = { NULL, NULL };

	AT_CHECK(at_frontend_parse("tests/unit/inputs/dep_memo.c", 0, NULL,
		&src) == 0 && src->n_scop == 7, "memo: seven nests parsed");
	for (int k = 0; src && k < src->n_scop && k < 7; k++) {
		const at_deps *before = memo.deps;
		at_deps *m = at_deps_memo_compute(ctx, src->scops[k], &memo);
		at_deps *d = at_deps_compute(ctx, src->scops[k]);

		AT_CHECK(m && d && same_deps(m, d), "memo: nest %d gets the "
			"dependences at_deps_compute finds", k);
		AT_CHECK((memo.deps == before) == hit[k], "memo: nest %d %s", k,
			hit[k] ? "reuses the copy's" : "is computed afresh");
		at_deps_free(m);
		at_deps_free(d);
	}
	at_deps_memo_clear(&memo);
	at_source_free(src);
}

/* Parses tests/unit/inputs/<name>.c and computes the deps of its first
 * nest; returns 0 on success. */
static int load(isl_ctx *ctx, const char *path, at_source **src,
	at_deps **d)
{
	*d = NULL;
	if (at_frontend_parse(path, 0, NULL, src) != 0 || (*src)->n_scop < 1)
		return -1;
	*d = at_deps_compute(ctx, (*src)->scops[0]);
	return *d ? 0 : -1;
}

/* jacobi-2d: two statements in a time loop. */
static void test_jacobi2d(isl_ctx *ctx)
{
	at_source *src = NULL;
	at_deps *d = NULL;
	long zero[] = { 0 }, one[] = { 1 };

	AT_CHECK(load(ctx, "tests/unit/inputs/dep_jacobi2d.c", &src, &d) == 0,
		"jacobi-2d: parsed and analysed");
	if (!d)
		goto out;
	AT_CHECK(has_dep(d, AT_DEP_RAW, 0, 1, zero, 1),
		"jacobi-2d: RAW S0 -> S1 (B) within one time step");
	AT_CHECK(has_dep(d, AT_DEP_RAW, 1, 0, one, 1),
		"jacobi-2d: RAW S1 -> S0 (A) across time steps");
	AT_CHECK_INT(parallel(ctx, d, "{ S0[t,i,j] -> [0,t,0,i]; "
		"S1[t,i,j] -> [0,t,1,i] }"), 1,
		"jacobi-2d: loop i of each statement is parallel");
	AT_CHECK_INT(parallel(ctx, d, "{ S0[t,i,j] -> [0,t]; "
		"S1[t,i,j] -> [0,t] }"), 0, "jacobi-2d: loop t is not parallel");
	AT_CHECK_INT(legal(ctx, d, "{ S0[t,i,j] -> [0,i,j,t,0]; "
		"S1[t,i,j] -> [0,i,j,t,1] }"), 0,
		"jacobi-2d: moving t innermost is illegal");
	AT_CHECK(tilable(ctx, src->scops[0], d),
		"jacobi-2d: isl's band (skewed time) is tiled and legal");
out:
	at_deps_free(d);
	at_source_free(src);
}

/* In-place Gauss-Seidel: negative distance components. */
static void test_seidel(isl_ctx *ctx)
{
	at_source *src = NULL;
	at_deps *d = NULL;
	long a[] = { 1, -1, 0 }, b[] = { 1, 0, -1 }, c[] = { 0, 1, 0 };
	long e[] = { 0, 0, 1 }, f[] = { 1, 0, 0 };

	AT_CHECK(load(ctx, "tests/unit/inputs/dep_seidel.c", &src, &d) == 0,
		"seidel: parsed and analysed");
	if (!d)
		goto out;
	AT_CHECK(has_dep(d, AT_DEP_RAW, 0, 0, a, 3), "seidel: RAW (1,-1,0)");
	AT_CHECK(has_dep(d, AT_DEP_RAW, 0, 0, b, 3), "seidel: RAW (1,0,-1)");
	AT_CHECK(has_dep(d, AT_DEP_RAW, 0, 0, c, 3), "seidel: RAW (0,1,0)");
	AT_CHECK(has_dep(d, AT_DEP_RAW, 0, 0, e, 3), "seidel: RAW (0,0,1)");
	AT_CHECK(has_dep(d, AT_DEP_RAW, 0, 0, f, 3), "seidel: RAW (1,0,0)");
	AT_CHECK(has_dep(d, AT_DEP_WAR, 0, 0, a, 3), "seidel: WAR (1,-1,0)");
	AT_CHECK_INT(legal(ctx, d, "[n, tsteps] -> { S0[t,i,j] -> "
		"[floor(t/8), floor(i/8), floor(j/8), t, i, j] }"), 0,
		"seidel: rectangular tiling of t,i,j is illegal");
	AT_CHECK_INT(legal(ctx, d, "[n, tsteps] -> { S0[t,i,j] -> "
		"[floor(t/8), floor((t+i)/8), floor((2t+i+j)/8), t, t+i, "
		"2t+i+j] }"), 1,
		"seidel: tiling after skewing (t, t+i, 2t+i+j) is legal");
	AT_CHECK(tilable(ctx, src->scops[0], d),
		"seidel: isl's band is tiled and legal");
out:
	at_deps_free(d);
	at_source_free(src);
}

/* LU: dependences whose distances are not constant. */
static void test_lu(isl_ctx *ctx)
{
	at_source *src = NULL;
	at_deps *d = NULL;
	int non_uniform = 0;

	AT_CHECK(load(ctx, "tests/unit/inputs/dep_lu.c", &src, &d) == 0,
		"lu: parsed and analysed");
	if (!d)
		goto out;
	for (int i = 0; i < d->n_dep; i++)
		non_uniform += !d->deps[i].uniform && d->deps[i].n_common > 0;
	AT_CHECK(non_uniform > 0, "lu: %d non-uniform dependences",
		non_uniform);
	AT_CHECK_INT(parallel(ctx, d, "[n] -> { S0[k,i] -> [k]; "
		"S1[k,i,j] -> [k] }"), 0, "lu: loop k is not parallel");
	AT_CHECK_INT(parallel(ctx, d, "[n] -> { S0[k,i] -> [k,i]; "
		"S1[k,i,j] -> [k,i] }"), 1, "lu: loop i is parallel");
	AT_CHECK(tilable(ctx, src->scops[0], d),
		"lu: isl's band is tiled and legal");
out:
	at_deps_free(d);
	at_source_free(src);
}

/* A local scalar (fe_local.c: acc declared in the (i, j) body, read in
 * the k loop): its dependences stay inside one (i, j), so j is parallel
 * and tiles of i and j are legal; a band that also tiles k (isl's fusion
 * of the declaration into the k loop, which the dependences alone allow)
 * runs other (i, j) between two accesses of one acc and is illegal. */
static void test_local(isl_ctx *ctx)
{
	static const char fused[] = "[N] -> { "
		"S0[i,j] -> [floor(i/8),floor(j/8),-1,i,j,-1,0]; "
		"S1[i,j,k] -> [floor(i/8),floor(j/8),floor(k/8),i,j,k,1] }";
	/* as fused, with the declaration after its uses (k tiles 0, 1) */
	static const char late[] = "[N] -> { "
		"S0[i,j] -> [floor(i/8),floor(j/8),2,i,j,0,0]; "
		"S1[i,j,k] -> [floor(i/8),floor(j/8),floor(k/8),i,j,k,1] }";
	at_source *src = NULL;
	at_deps *d = NULL;
	int dep = -3;

	AT_CHECK(load(ctx, "tests/unit/inputs/fe_local.c", &src, &d) == 0,
		"local: parsed and analysed");
	if (!d)
		goto out;
	AT_CHECK(d->n_local == 1 && d->live && d->order,
		"local: one local, its live ranges and order dependences");
	AT_CHECK_INT(parallel(ctx, d, "[N] -> { S0[i,j] -> [i,j]; "
		"S1[i,j,k] -> [i,j] }"), 1,
		"local: loop j is parallel (one acc per (i, j))");
	AT_CHECK_INT(legal(ctx, d, "[N] -> { S0[i,j] -> [i,j,0,0]; "
		"S1[i,j,k] -> [i,j,1,k] }"), 1,
		"local: the original order is legal");
	AT_CHECK_INT(legal(ctx, d, "[N] -> { "
		"S0[i,j] -> [floor(i/8),floor(j/8),i,j,0,0]; "
		"S1[i,j,k] -> [floor(i/8),floor(j/8),i,j,1,k] }"), 1,
		"local: 8 x 8 tiles of i and j are legal");
	AT_CHECK_INT(legal(ctx, d, fused), 0,
		"local: tiles of i, j and k interleave the copies: illegal");
	AT_CHECK_INT(violated(ctx, d, fused), -1,
		"local: ... although they violate no dependence");
	AT_CHECK_INT(check(ctx, d, fused, &dep), 0,
		"local: at_deps_check fails the interleaved tiles");
	AT_CHECK_INT(dep, -1, "local: ... naming no dependence");
	AT_CHECK_INT(check(ctx, d, late, NULL), 0,
		"local: the declaration after its uses fails (dep not asked)");
	dep = -3;
	AT_CHECK_INT(check(ctx, d, late, &dep), 0,
		"local: ... and fails when asked to name a dependence");
	AT_CHECK(dep >= 0 && dep == violated(ctx, d, late), "local: ... "
		"naming the dependence at_deps_violated finds (%d)", dep);
	AT_CHECK(tilable(ctx, src->scops[0], d),
		"local: isl's band (told the live ranges) is tiled and legal");
out:
	at_deps_free(d);
	at_source_free(src);
}

/* Returns { a -> b : `m` (taken) runs a before b }. */
static __isl_give isl_union_map *before(__isl_take isl_union_map *m)
{
	return isl_union_map_lex_lt_union_map(isl_union_map_copy(m), m);
}

/* For every nest of examples/<name>.c, at_scop_schedule_tree (which the
 * dataflow of local scalars runs on) runs the instances in the order of
 * at_scop_schedule_map (the textual order), also read through the
 * scop's memo. */
static void test_tree(isl_ctx *ctx, const char *name)
{
	const char *args[] = { "-Iruntime" };
	at_source *src = NULL;
	char path[64];

	snprintf(path, sizeof(path), "examples/%s.c", name);
	AT_CHECK(at_frontend_parse(path, 1, args, &src) == 0 &&
		src->n_scop > 0, "%s: parsed", path);
	for (int k = 0; src && k < src->n_scop; k++) {
		const at_scop *s = src->scops[k];
		for (int memo = 0; memo < 2; memo++) {
			isl_schedule *t;
			isl_union_map *a, *b;
			if (memo)
				at_scop_memo_on(ctx, s);
			t = at_scop_schedule_tree(ctx, s);
			a = before(at_scop_schedule_map(ctx, s));
			b = t ? before(isl_schedule_get_map(t)) : NULL;
			AT_CHECK(a && b && isl_union_map_is_equal(a, b) ==
				isl_bool_true, "%s, nest %d (%d statements%s): "
				"the schedule tree runs the instances in the "
				"textual order", path, k, s->n_stmt,
				memo ? ", memo on" : "");
			isl_schedule_free(t);
			isl_union_map_free(a);
			isl_union_map_free(b);
			at_scop_memo_off(s);
		}
	}
	at_source_free(src);
}

int main(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	test_listing11(ctx);
	test_matmul(ctx);
	test_jacobi2d(ctx);
	test_seidel(ctx);
	test_lu(ctx);
	test_local(ctx);
	test_memo(ctx);
	test_tree(ctx, "deriche");	/* downward loops, 4 nests' worth */
	test_tree(ctx, "lu");		/* imperfect, triangular */
	test_tree(ctx, "nussinov");
	test_tree(ctx, "gemver");	/* several nests */
	isl_ctx_free(ctx);
	AT_TEST_END();
}
