/*
 * test_space.c — unit tests of stage 4 (src/shape.c, src/space.c): the
 * partitioning matrices derived from the dependence cone, the structures
 * of the space and their legality, and candidate ids.
 */
#include <stdlib.h>
#include <string.h>

#include <isl/ctx.h>
#include <isl/options.h>

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

int main(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	test_matrix();
	test_listing11(ctx);
	test_seidel(ctx);
	test_diamond(ctx);
	isl_ctx_free(ctx);
	AT_TEST_END();
}
