/*
 * test_space.c — unit tests of stage 4 (src/shape.c, src/space.c): the
 * partitioning matrices derived from the dependence cone, the structures
 * of the space and their legality, and candidate ids.
 */
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/union_map.h>

#include "at_test.h"
#include "at_frontend.h"
#include "at_deps.h"
#include "at_space.h"
#include "at_shape.h"

/* The first nest of one input file with its deps and full space. */
struct fixture {
	at_source *src;
	at_deps *deps;
	at_space *space;
};

/* Loads tests/unit/inputs/<file>; returns 0 on success. */
static int load(isl_ctx *ctx, const char *path, struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	if (at_frontend_parse(path, 0, NULL, &f->src) != 0 ||
	    f->src->n_scop < 1)
		return -1;
	f->deps = at_deps_compute(ctx, f->src->scops[0]);
	if (!f->deps)
		return -1;
	f->space = at_space_build(ctx, f->src->scops[0], f->deps,
		AT_SPACE_REASONS);
	return f->space ? 0 : -1;
}

/* Frees a fixture. */
static void unload(struct fixture *f)
{
	at_space_free(f->space);
	at_deps_free(f->deps);
	at_source_free(f->src);
}

/* Returns the shape named `name`, or NULL. */
static const at_shape *shape(const struct fixture *f, const char *name)
{
	for (int s = 0; s < f->space->n_shape; s++)
		if (!strcmp(f->space->shapes[s].name, name))
			return &f->space->shapes[s];
	return NULL;
}

/* Returns 1 if shape sh has the n rows `rows` (row-major). */
static int has_rows(const at_shape *sh, const long *rows, int n)
{
	if (!sh || sh->n != n)
		return 0;
	for (int r = 0; r < n; r++)
		for (int k = 0; k < n; k++)
			if (sh->h[r][k] != rows[r * n + k])
				return 0;
	return 1;
}

/* Returns the number of legal structures with scans (t, p). */
static int n_legal(const struct fixture *f, at_scan t, at_scan p)
{
	int n = 0;

	for (int i = 0; i < f->space->n_struct; i++)
		n += f->space->structs[i].legal &&
			f->space->structs[i].ch.tile_scan == t &&
			f->space->structs[i].ch.point_scan == p;
	return n;
}

/* Returns the index of the first structure of shape `name` with scans
 * (t, p) and the loop orders to, po (n entries each), or -1. */
static int find(const struct fixture *f, const char *name, at_scan t,
	at_scan p, const int *to, const int *po)
{
	for (int i = 0; i < f->space->n_struct; i++) {
		const at_choice *ch = &f->space->structs[i].ch;
		const at_shape *sh = &f->space->shapes[ch->shape];
		if (!strcmp(sh->name, name) && ch->tile_scan == t &&
		    ch->point_scan == p &&
		    !memcmp(ch->tile_ord, to, sh->n * sizeof(int)) &&
		    !memcmp(ch->point_ord, po, sh->n * sizeof(int)))
			return i;
	}
	return -1;
}

/* Returns the number of structures of shape `name` with scans (t, p);
 * *legal gets the number of legal ones. */
static int n_shape_scans(const struct fixture *f, const char *name,
	at_scan t, at_scan p, int *legal)
{
	int n = 0;

	*legal = 0;
	for (int i = 0; i < f->space->n_struct; i++) {
		const at_struct *st = &f->space->structs[i];
		if (!strcmp(f->space->shapes[st->ch.shape].name, name) &&
		    st->ch.tile_scan == t && st->ch.point_scan == p) {
			n++;
			*legal += st->legal;
		}
	}
	return n;
}

/* Returns 1 if a and b are the same choice for a band of n loops. */
static int same_choice(const at_choice *a, const at_choice *b, int n)
{
	if (a->shape != b->shape || a->tile_scan != b->tile_scan ||
	    a->point_scan != b->point_scan)
		return 0;
	for (int k = 0; k < n; k++)
		if (a->tile_ord[k] != b->tile_ord[k] ||
		    a->point_ord[k] != b->point_ord[k] ||
		    a->sizes[k] != b->sizes[k])
			return 0;
	return 1;
}

/* Returns the number of structures whose id does not parse back to the
 * same choice (parse(id(ch)) == ch). */
static int n_round_trip_bad(const struct fixture *f)
{
	int bad = 0;

	for (int i = 0; i < f->space->n_struct; i++) {
		at_choice back;
		char id[96], err[256];
		const at_choice *ch = &f->space->structs[i].ch;
		at_space_id(f->space, ch, id, sizeof(id));
		if (at_space_parse_id(f->space, id, &back, err,
		    sizeof(err)) < 0 || !same_choice(&back, ch,
		    f->space->shapes[ch->shape].n))
			bad++;
	}
	return bad;
}

/* Returns 1 if ids a and b give equal schedules, 0 if not, -1 when one
 * does not parse or is not legal. */
static int same_schedule(isl_ctx *ctx, const struct fixture *f,
	const char *a, const char *b)
{
	at_choice ca, cb;
	at_cand *x = NULL, *y = NULL;
	char err[256];
	int dep, r = -1;

	if (at_space_parse_id(f->space, a, &ca, err, sizeof(err)) < 0 ||
	    at_space_parse_id(f->space, b, &cb, err, sizeof(err)) < 0)
		return -1;
	x = at_space_make(ctx, f->space, &ca, &dep);
	y = at_space_make(ctx, f->space, &cb, &dep);
	if (x && y) {
		isl_union_map *mx = isl_schedule_get_map(x->schedule);
		isl_union_map *my = isl_schedule_get_map(y->schedule);
		isl_bool eq = isl_union_map_is_equal(mx, my);
		r = eq < 0 ? -1 : eq == isl_bool_true;
		isl_union_map_free(mx);
		isl_union_map_free(my);
	}
	at_cand_free(x);
	at_cand_free(y);
	return r;
}

/* Returns the number of legal structures of shape `name` whose memoized
 * OpenMP placement (at_space_omp) differs from the one computed without
 * the memo, over every AT_TEST_STRIDE-th structure. */
static int n_memo_bad(isl_ctx *ctx, struct fixture *f, const char *name)
{
	int bad = 0;

	for (int i = 0; i < f->space->n_struct; i += AT_TEST_STRIDE) {
		const at_struct *st = &f->space->structs[i];
		struct at_space_memo *memo = f->space->memo;
		int p1, s1, p2, s2, r1, r2;
		if (!st->legal ||
		    strcmp(f->space->shapes[st->ch.shape].name, name))
			continue;
		r1 = at_space_omp(ctx, f->space, &st->ch, &p1, &s1);
		f->space->memo = NULL;
		r2 = at_space_omp(ctx, f->space, &st->ch, &p2, &s2);
		f->space->memo = memo;
		bad += r1 < 0 || r2 < 0 || p1 != p2 || s1 != s2;
	}
	return bad;
}

/* Counts the structures whose verdict (legal, and the violated
 * dependence named) differs from a direct exact check of the structure
 * (at_space_make): at_space_build infers most of them from others.
 * Every AT_TEST_STRIDE-th structure is compared; *legal and *illegal get
 * the numbers compared. */
static int n_verdict_bad(isl_ctx *ctx, const struct fixture *f, int *legal,
	int *illegal)
{
	int bad = 0;

	*legal = *illegal = 0;
	for (int i = 0; i < f->space->n_struct; i += AT_TEST_STRIDE) {
		const at_struct *st = &f->space->structs[i];
		at_cand *c;
		int dep;
		c = at_space_make(ctx, f->space, &st->ch, &dep);
		bad += !c != !st->legal || (!c && dep != st->dep);
		*legal += c != NULL;
		*illegal += c == NULL;
		at_cand_free(c);
	}
	return bad;
}

/* Determinant and adjugate of small matrices. */
static void test_matrix(void)
{
	long h[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 2, -1 }, { -1, 2 } };
	long g[AT_MAX_DEPTH][AT_MAX_DEPTH] = { { 1, 0, 0 }, { 1, 1, 0 },
		{ 2, 1, 1 } };
	long adj[AT_MAX_DEPTH][AT_MAX_DEPTH];

	AT_CHECK_INT(at_shape_det(h, 2), 3, "det((2,-1),(-1,2))");
	at_shape_adj(h, 2, adj);
	AT_CHECK(adj[0][0] == 2 && adj[0][1] == 1 && adj[1][0] == 1 &&
		adj[1][1] == 2, "adj((2,-1),(-1,2)) = ((2,1),(1,2))");
	AT_CHECK_INT(at_shape_det(g, 3), 1, "the seidel skew is unimodular");
	at_shape_adj(g, 3, adj);
	AT_CHECK(adj[2][0] == -1 && adj[2][1] == -1 && adj[2][2] == 1 &&
		adj[1][0] == -1, "adj of the seidel skew is its inverse");
}

/* Listing 1.1: rect is legal (all distances non-negative); the cone's
 * facet normals give the paper's parallelogram H = ((2,-1),(-1,2)). */
static void test_listing11(isl_ctx *ctx)
{
	struct fixture f;
	long cone[] = { 2, -1, -1, 2 }, rect[] = { 1, 0, 0, 1 };

	AT_CHECK(load(ctx, "tests/unit/inputs/fe_listing11.c", &f) == 0,
		"listing11: space built");
	if (!f.space)
		goto done;
	AT_CHECK(has_rows(shape(&f, "rect"), rect, 2), "listing11: rect H = I");
	AT_CHECK(has_rows(shape(&f, "cone1"), cone, 2),
		"listing11: cone1 H = ((2,-1),(-1,2)), normals of rays (1,2), (2,1)");
	AT_CHECK(shape(&f, "skew") == NULL,
		"listing11: no skew shape (rect is already legal)");
	AT_CHECK(shape(&f, "isl") != NULL, "listing11: isl's band is a shape");
	AT_CHECK(shape(&f, "rect")->sigma[0] == 1 &&
		shape(&f, "rect")->sigma[1] == 1,
		"listing11: sigma = (4,4)/4, the summation vector at 45 degrees");
	AT_CHECK_INT(n_legal(&f, AT_SCAN_S, AT_SCAN_I) > 0, 1,
		"listing11: TS-LI structures are legal");
	AT_CHECK_INT(n_legal(&f, AT_SCAN_P, AT_SCAN_I) > 0, 1,
		"listing11: TP-LI structures are legal");
done:
	unload(&f);
}

/* Seidel's loop orders: inside skewed tiles scanned in the original basis
 * (LI), putting i before t runs the distance (1,-1,0) backwards, and the
 * exact test names it; in the skewed basis (LS) every distance is
 * non-negative, so all 6 x 6 orders are legal.  Ids of the new form are
 * checked like the old ones. */
static void test_seidel_orders(isl_ctx *ctx, struct fixture *f)
{
	static const int id3[] = { 0, 1, 2 }, itj[] = { 1, 0, 2 };
	char err[256], buf[1024];
	int i = find(f, "skew", AT_SCAN_S, AT_SCAN_I, id3, itj), legal, dep;
	const at_struct *st = i >= 0 ? &f->space->structs[i] : NULL;
	at_choice ch;
	at_cand *c;

	AT_CHECK(st && !st->legal && st->dep >= 0 &&
		strstr(at_dep_describe(f->src->scops[0],
		&f->deps->deps[st->dep], buf, sizeof(buf)), "(1, -1, 0)"),
		"seidel: skew TS-LI with point order i, t, j is enumerated, "
		"illegal, and names the distance (1, -1, 0)");
	AT_CHECK(at_space_parse_id(f->space, "skew.TS.LI.t012.p102.8x8x8", &ch,
		err, sizeof(err)) == 0, "seidel: new-form id parses");
	c = at_space_make(ctx, f->space, &ch, &dep);
	AT_CHECK(c == NULL && dep >= 0, "seidel: forced skew.TS.LI.t012.p102 "
		"refused naming dependence %d", dep);
	at_cand_free(c);
	AT_CHECK(n_shape_scans(f, "skew", AT_SCAN_S, AT_SCAN_S, &legal) == 36 &&
		legal == 36, "seidel: all 36 skew TS-LS orders enumerated and "
		"legal (%d legal)", legal);
	AT_CHECK(n_shape_scans(f, "skew", AT_SCAN_S, AT_SCAN_I, &legal) == 36 &&
		legal > 0 && legal < 36, "seidel: skew TS-LI: 36 orders, some "
		"legal, some not (%d legal)", legal);
	AT_CHECK_INT(n_round_trip_bad(f), 0,
		"seidel: structures whose id does not parse back to them");
	AT_CHECK(at_space_parse_id(f->space, "skew.TS.LI.t112.p012.4x4x4", &ch,
		err, sizeof(err)) < 0, "seidel: tile order 1,1,2 rejected");
	AT_CHECK(at_space_parse_id(f->space, "skew.TS.LI.t01.p012.4x4x4", &ch,
		err, sizeof(err)) < 0, "seidel: 2-loop order for 3 loops rejected");
	AT_CHECK(at_space_parse_id(f->space, "skew.TS.LI.t012.p0123.4x4x4",
		&ch, err, sizeof(err)) < 0, "seidel: 4-loop order rejected");
	AT_CHECK(at_space_parse_id(f->space, "skew.TS.LI.t012p012.4x4x4", &ch,
		err, sizeof(err)) < 0, "seidel: orders without a dot rejected");
	AT_CHECK(at_space_parse_id(f->space, "skew.TS.LI.t012.i3.4x4x4", &ch,
		err, sizeof(err)) < 0, "seidel: innermost loop 3 of 3 rejected "
		"after a full tile order");
	AT_CHECK_INT(n_memo_bad(ctx, f, "skew"), 0, "seidel: legal skew structures "
		"whose memoized OpenMP placement differs from a fresh one");
}

/* Gauss-Seidel: rect is illegal (distance (0,1,-1)); the skew makes every
 * distance non-negative; a forced rect candidate is refused naming a
 * dependence; ids round-trip. */
static void test_seidel(isl_ctx *ctx)
{
	struct fixture f;
	long skew[] = { 1, 0, 0, 1, 1, 0, 1, 0, 1 };
	at_choice ch;
	at_cand *c;
	char err[256], id[96];
	int dep, rect_legal = 0, rect_seen = 0;

	AT_CHECK(load(ctx, "tests/unit/inputs/dep_seidel.c", &f) == 0,
		"seidel: space built");
	if (!f.space)
		goto done;
	AT_CHECK(has_rows(shape(&f, "skew"), skew, 3),
		"seidel: skew H = ((1,0,0),(1,1,0),(1,0,1))");
	for (int i = 0; i < f.space->n_struct; i++) {
		const at_struct *st = &f.space->structs[i];
		if (f.space->shapes[st->ch.shape].kind != AT_SHAPE_RECT)
			continue;
		rect_seen++;
		rect_legal += st->legal;
		if (!st->legal && st->dep < 0)
			rect_legal += 100;
	}
	AT_CHECK(rect_seen > 0 && rect_legal == 0,
		"seidel: every rect structure is illegal and names a dependence "
		"(%d structures, code %d)", rect_seen, rect_legal);
	AT_CHECK(at_space_parse_id(f.space, "rect.TS.LI.o0.i2.8x8x8", &ch, err,
		sizeof(err)) == 0, "seidel: rect id parses");
	c = at_space_make(ctx, f.space, &ch, &dep);
	AT_CHECK(c == NULL && dep >= 0, "seidel: rect candidate refused with "
		"dependence %d", dep);
	at_cand_free(c);
	AT_CHECK(at_space_parse_id(f.space, "skew.TP.LS.o0.i1.4x16x8", &ch,
		err, sizeof(err)) == 0, "seidel: skew id parses");
	AT_CHECK_STR(at_space_id(f.space, &ch, id, sizeof(id)),
		"skew.TP.LS.o0.i1.4x16x8", "seidel: id round-trips");
	c = at_space_make(ctx, f.space, &ch, &dep);
	AT_CHECK(c != NULL, "seidel: skew TP-LS candidate is legal");
	at_cand_free(c);
	AT_CHECK(at_space_parse_id(f.space, "skew.TS.LI.o0.i3.4x4x4", &ch, err,
		sizeof(err)) < 0, "seidel: innermost loop 3 of 3 is rejected");
	AT_CHECK(at_space_parse_id(f.space, "skew.TQ.LI.o0.i2.4x4x4", &ch, err,
		sizeof(err)) < 0, "seidel: unknown scan TQ is rejected");
	AT_CHECK(at_space_parse_id(f.space, "skew.TS.LI.o0.i2.4x4", &ch, err,
		sizeof(err)) < 0, "seidel: two sizes for three loops rejected");
	test_seidel_orders(ctx, &f);
done:
	unload(&f);
}

/* Matmul (only k carries a dependence): every rect TS-LI order is legal,
 * among them i-k-j inside tiles (j, the stride-1 loop, innermost) and
 * orders the old ids could not express; old ids keep their meaning. */
static void test_matmul_orders(isl_ctx *ctx)
{
	static const int id3[] = { 0, 1, 2 }, ikj[] = { 0, 2, 1 },
		kji[] = { 2, 1, 0 }, kij[] = { 2, 0, 1 };
	struct fixture f;
	at_choice ch;
	char err[256], id[96];
	int i, legal, t[AT_MAX_DEPTH], p[AT_MAX_DEPTH];

	AT_CHECK(load(ctx, "tests/unit/inputs/fe_matmul.c", &f) == 0,
		"matmul: space built");
	if (!f.space)
		goto done;
	AT_CHECK(n_shape_scans(&f, "rect", AT_SCAN_S, AT_SCAN_I, &legal) == 36 &&
		legal == 36, "matmul: 6 x 6 rect TS-LI orders, all legal (%d)",
		legal);
	i = find(&f, "rect", AT_SCAN_S, AT_SCAN_I, id3, ikj);
	AT_CHECK(i >= 0 && f.space->structs[i].legal, "matmul: point order "
		"i-k-j enumerated and legal");
	if (i >= 0)
		AT_CHECK_STR(at_space_id(f.space, &f.space->structs[i].ch, id,
			sizeof(id)), "rect.TS.LI.o0.i1.32x32x32",
			"matmul: i-k-j keeps its old id");
	i = find(&f, "rect", AT_SCAN_S, AT_SCAN_I, kji, kij);
	AT_CHECK(i >= 0 && f.space->structs[i].legal, "matmul: tile order "
		"k-j-i with point order k-i-j enumerated and legal");
	if (i >= 0)
		AT_CHECK_STR(at_space_id(f.space, &f.space->structs[i].ch, id,
			sizeof(id)), "rect.TS.LI.t210.p201.32x32x32",
			"matmul: its id has the full form");
	AT_CHECK_INT(n_round_trip_bad(&f), 0,
		"matmul: structures whose id does not parse back to them");
	AT_CHECK(at_space_parse_id(f.space, "rect.TS.LI.o1.i0.8x8x8", &ch, err,
		sizeof(err)) == 0 && ch.tile_ord[0] == 1 && ch.tile_ord[1] == 0 &&
		ch.tile_ord[2] == 2 && ch.point_ord[0] == 1 &&
		ch.point_ord[1] == 2 && ch.point_ord[2] == 0,
		"matmul: old id o1.i0 = tile order 1,0,2 and point order 1,2,0");
	AT_CHECK_STR(at_space_id(f.space, &ch, id, sizeof(id)),
		"rect.TS.LI.o1.i0.8x8x8", "matmul: old id round-trips");
	AT_CHECK_INT(same_schedule(ctx, &f, "rect.TS.LI.o1.i0.8x8x8",
		"rect.TS.LI.t102.p120.8x8x8"), 1,
		"matmul: o1.i0 and t102.p120 give the same schedule");
	AT_CHECK_INT(same_schedule(ctx, &f, "rect.TS.LI.o1.i0.8x8x8",
		"rect.TS.LI.t012.p120.8x8x8"), 0,
		"matmul: o1.i0 and t012.p120 give different schedules");
	AT_CHECK_INT(same_schedule(ctx, &f, "rect.TP.LP.o0.i2.8x8x8",
		"rect.TP.LP.t012.p012.8x8x8"), 1,
		"matmul: TP-LP old and new ids give the same schedule");
	AT_CHECK(at_space_parse_id(f.space, "rect.TS.LS.o2.p201.16x8x4", &ch,
		err, sizeof(err)) == 0, "matmul: o<k> combined with p<order> "
		"parses");
	AT_CHECK_STR(at_space_id(f.space, &ch, id, sizeof(id)),
		"rect.TS.LS.t201.p201.16x8x4", "matmul: and prints in full");
	at_choice_orders(&ch, 3, t, p);
	AT_CHECK(t[0] == 2 && t[1] == 0 && t[2] == 1 && p[0] == 2 &&
		p[1] == 0 && p[2] == 1, "matmul: at_choice_orders of TS-LS "
		"gives the stored orders");
	ch.tile_scan = AT_SCAN_P;
	ch.point_scan = AT_SCAN_P;
	at_choice_orders(&ch, 3, t, p);
	AT_CHECK(t[0] == 0 && t[1] == 1 && t[2] == 2 && p[0] == 0 &&
		p[1] == 1 && p[2] == 2, "matmul: at_choice_orders of TP-LP "
		"gives the fixed order");
	memset(&ch, 0, sizeof(ch));
	ch.shape = 0;
	at_choice_orders(&ch, 3, t, p);
	AT_CHECK(t[0] == 0 && t[1] == 1 && t[2] == 2 && p[2] == 2,
		"matmul: a zeroed choice has the original orders");
	AT_CHECK(at_space_parse_id(f.space, "keep", &ch, err, sizeof(err)) == 0
		&& ch.shape == AT_CHOICE_KEEP, "matmul: `keep` parses");
	AT_CHECK_STR(at_space_id(f.space, &ch, id, sizeof(id)), "keep",
		"matmul: `keep` round-trips");
	AT_CHECK_INT(n_memo_bad(ctx, &f, "rect"), 0, "matmul: legal rect structures "
		"whose memoized OpenMP placement differs from a fresh one");
done:
	unload(&f);
}

/* A symmetric 1-D stencil in time: the cone's normals are diamonds. */
static void test_diamond(isl_ctx *ctx)
{
	struct fixture f;
	long diamond[] = { 1, 1, 1, -1 };

	AT_CHECK(load(ctx, "tests/unit/inputs/sp_diamond.c", &f) == 0,
		"diamond: space built");
	if (!f.space)
		goto done;
	AT_CHECK(has_rows(shape(&f, "diamond"), diamond, 2),
		"diamond: H = ((1,1),(1,-1))");
	AT_CHECK_INT(n_legal(&f, AT_SCAN_P, AT_SCAN_I) > 0, 1,
		"diamond: TP-LI (concurrent start of diamonds) is legal");
done:
	unload(&f);
}

/* Returns the largest size at_space_sizes allows position k of shape s. */
static long max_size(const at_space *space, const at_shape *sh, int k)
{
	long sizes[AT_N_SIZE];
	int n = at_space_sizes(space, (int)(sh - space->shapes), k, sizes);

	return sizes[n - 1];
}

/* isl's band over loops it reorders (forward substitution: the parallel
 * r loop first): its rows follow r, i, j; each position's trip count,
 * probe size and tile sizes are its loop's, not those of the loop at
 * that depth. */
static void test_isl_band(isl_ctx *ctx)
{
	struct fixture f;
	long rij[] = { 0, 0, 1, 1, 0, 0, 0, 1, 0 };
	const at_shape *isl;
	int rows_ok = 1;

	AT_CHECK(load(ctx, "tests/unit/inputs/sp_isl_band.c", &f) == 0,
		"isl band: space built");
	if (!f.space)
		goto done;
	isl = shape(&f, "isl");
	AT_CHECK(isl && isl->n == 3, "isl band: shape isl of 3 members");
	if (!isl || isl->n != 3)
		goto done;
	for (int r = 0; r < 3; r++)
		for (int k = 0; k < AT_MAX_DEPTH; k++)
			rows_ok &= isl->band[r][k] == (k < 3 ? rij[3 * r + k] : 0);
	AT_CHECK(rows_ok, "isl band: rows (0,0,1), (1,0,0), (0,1,0) over the "
		"loops i, j, r");
	AT_CHECK(has_rows(isl, (long[]){ 1, 0, 0, 0, 1, 0, 0, 0, 1 }, 3),
		"isl band: H is I in the band's own coordinates");
	AT_CHECK(isl->trips[0] == 9 && isl->trips[1] == 99,
		"isl band: position 0 (r) takes 9 values, position 1 (i: 1..99 "
		"in the first statement) 99 (got %ld, %ld)", isl->trips[0],
		isl->trips[1]);
	AT_CHECK(max_size(f.space, isl, 0) == 8 &&
		max_size(f.space, isl, 1) == 64, "isl band: tiles of at most 8 "
		"along r, 64 along i (got %ld, %ld)", max_size(f.space, isl, 0),
		max_size(f.space, isl, 1));
	AT_CHECK(f.space->trips[0] == 99 && f.space->trips[2] == 9,
		"isl band: the loops at depth 0 and 2 (i, r) run 99 and 9 times");
	AT_CHECK(at_space_probe(f.space, (int)(isl - f.space->shapes), 0) ==
		9 && at_space_probe(f.space, (int)(isl - f.space->shapes), 2) ==
		32, "isl band: probe sizes 9 along r, 32 along i");
done:
	unload(&f);
}

/* An isl band whose members are constants on the first statement (one
 * loop) is read over the deepest one's loops (i, j, k), with their trip
 * counts; that statement's loops are also the space's positions. */
static void test_isl_shallow(isl_ctx *ctx)
{
	static const long rows[3][3] = { { 0, 1, 0 }, { 0, 0, 1 },
		{ 1, 0, 0 } };
	struct fixture f;
	const at_shape *isl;
	int rows_ok = 1;

	AT_CHECK(load(ctx, "tests/unit/inputs/sp_isl_shallow.c", &f) == 0,
		"isl shallow: space built");
	if (!f.space)
		goto done;
	isl = shape(&f, "isl");
	AT_CHECK(isl && isl->n == 3, "isl shallow: shape isl of 3 members");
	if (!isl || isl->n != 3)
		goto done;
	for (int r = 0; r < 3; r++)
		for (int k = 0; k < AT_MAX_DEPTH; k++)
			rows_ok &= isl->band[r][k] == (k < 3 ? rows[r][k] : 0);
	AT_CHECK(rows_ok && isl->stmt == 1, "isl shallow: rows (j, k, i) "
		"over S1's loops");
	AT_CHECK(isl->trips[0] == 100 && isl->trips[1] == 100 &&
		isl->trips[2] == 100, "isl shallow: each member takes 100 "
		"values (got %ld, %ld, %ld)", isl->trips[0], isl->trips[1],
		isl->trips[2]);
	AT_CHECK(f.space->ref == 1 && f.space->trips[2] == 100,
		"isl shallow: S1 is the reference statement, its loop at "
		"depth 2 runs 100 times");
done:
	unload(&f);
}

/* Returns how many structures of shape sh are legal at probe sizes. */
static int n_legal_shape(const struct fixture *f, const at_shape *sh)
{
	int n = 0;

	for (int k = 0; k < f->space->n_struct; k++)
		n += f->space->structs[k].ch.shape == sh - f->space->shapes &&
			f->space->structs[k].legal == 1;
	return n;
}

/* A region of nests whose fusion by isl costs band depth (2mm) gets the
 * "isld" shape, a band of all three loops, with legal structures; a
 * region whose nests isl bands fully and a single nest do not. */
static void test_isl_deep(isl_ctx *ctx)
{
	struct fixture f;
	const at_shape *sh;

	AT_CHECK(load(ctx, "tests/unit/inputs/sp_isl_deep.c", &f) == 0,
		"isl deep: space of 2mm built");
	if (!f.space)
		goto done;
	sh = shape(&f, "isld");
	AT_CHECK(!shape(&f, "isl") && sh && sh->n == 3 && sh->deep == 1 &&
		sh->kind == AT_SHAPE_ISL, "isl deep: 2mm has no isl shape and "
		"an isld shape of 3 members");
	AT_CHECK(sh && n_legal_shape(&f, sh) > 0, "isl deep: 2mm's isld structures "
		"are legal (%d)", sh ? n_legal_shape(&f, sh) : -1);
	unload(&f);
	AT_CHECK(load(ctx, "tests/unit/inputs/sp_isl_nodeep.c", &f) == 0,
		"isl deep: space of two fully banded nests built");
	if (!f.space)
		goto done;
	AT_CHECK(shape(&f, "isl") && !shape(&f, "isld") &&
		!f.space->isl_sched[1], "isl deep: two fully banded nests get "
		"isl only");
	unload(&f);
	AT_CHECK(load(ctx, "tests/unit/inputs/sp_isl_shallow.c", &f) == 0,
		"isl deep: space of a single nest built");
	if (!f.space)
		goto done;
	AT_CHECK(shape(&f, "isl") && !shape(&f, "isld"),
		"isl deep: a single nest with an isl band gets isl only");
done:
	unload(&f);
}

/* Every structure's verdict, inferred or not, is the exact one: on
 * nests with legal and illegal structures (a wrong tile order, a wrong
 * point order, a wrong shape), with diamond tiles, with local scalars
 * and with isl's bands (two products, a band each). */
static void test_verdicts(isl_ctx *ctx)
{
	static const char *const inputs[] = {
		"tests/unit/inputs/dep_seidel.c",
		"tests/unit/inputs/sp_diamond.c",
		"tests/unit/inputs/sp_local_stencil.c",
		"tests/unit/inputs/sp_isl_deep.c",
	};
	int all_legal = 0, all_illegal = 0;

	for (size_t k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++) {
		struct fixture f;
		int legal = 0, illegal = 0, bad = -1;
		if (load(ctx, inputs[k], &f) == 0)
			bad = n_verdict_bad(ctx, &f, &legal, &illegal);
		AT_CHECK(bad == 0, "%s: every structure's verdict is the exact "
			"check's (%d differ; %d legal, %d illegal)", inputs[k],
			bad, legal, illegal);
		all_legal += legal;
		all_illegal += illegal;
		unload(&f);
	}
	AT_CHECK(all_legal > 100 / AT_TEST_STRIDE &&
		all_illegal > 100 / AT_TEST_STRIDE, "verdicts compared on "
		"both kinds (%d legal, %d illegal)", all_legal, all_illegal);
}

int main(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	test_matrix();
	test_listing11(ctx);
	test_seidel(ctx);
	test_matmul_orders(ctx);
	test_diamond(ctx);
	test_isl_band(ctx);
	test_isl_shallow(ctx);
	test_isl_deep(ctx);
	test_verdicts(ctx);
	isl_ctx_free(ctx);
	AT_TEST_END();
}
