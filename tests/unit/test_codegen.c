/*
 * test_codegen.c — unit tests of code generation (src/codegen.c).
 *
 * The parallelism of every generated loop is decided on the schedule tree
 * (per band member and statement set).  Here each example × strategy is
 * generated, and every loop's verdict is compared, in print order, with
 * the reference test: at_deps_is_parallel() on the schedule isl's AST
 * builder has at that loop (the slow per-loop test codegen used before).
 * A few outputs are also checked for the pragmas they must (not) carry,
 * and every output for loop conditions free of helper calls and divisions
 * (costly upper bounds are hoisted into a const before the loop).
 *
 * Run from the repository root.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/id.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include "at_test.h"
#include "at_frontend.h"
#include "at_codegen.h"

/* Verdicts of the reference test, in print order. */
struct ref_loops {
	int n;
	int par[AT_MAX_NOTES];
};

/* Before-each-for hook of the reference build: the exact test on the
 * AST build's schedule, kept as the loop's annotation (user = 1 + par). */
static __isl_give isl_id *ref_before_for(__isl_keep isl_ast_build *build,
	void *user)
{
	const at_deps *deps = user;
	isl_union_map *partial = isl_ast_build_get_schedule(build);
	int par = at_deps_is_parallel(deps, partial);

	isl_union_map_free(partial);
	return isl_id_alloc(isl_ast_build_get_ctx(build), "ref",
		(void *)(size_t)(par + 2));
}

/* Collects the verdicts of the non-degenerate for nodes, in pre-order
 * (the order in which codegen prints loops and records notes). */
static isl_bool ref_collect(__isl_keep isl_ast_node *node, void *user)
{
	struct ref_loops *r = user;
	isl_id *id;

	if (isl_ast_node_get_type(node) != isl_ast_node_for ||
	    isl_ast_node_for_is_degenerate(node) == isl_bool_true)
		return isl_bool_true;
	id = isl_ast_node_get_annotation(node);
	if (r->n < AT_MAX_NOTES)
		r->par[r->n] = id ? (int)(size_t)isl_id_get_user(id) - 2 : -1;
	r->n++;
	isl_id_free(id);
	return isl_bool_true;
}

/* Builds the AST of `cand` with the reference hook into *r. */
static void ref_build(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_cand *cand, struct ref_loops *r)
{
	isl_ast_build *build = isl_ast_build_from_context(
		at_scop_context(ctx, scop));
	isl_ast_node *tree;

	build = isl_ast_build_set_before_each_for(build, &ref_before_for,
		(void *)deps);
	tree = isl_ast_build_node_from_schedule(build,
		at_codegen_ast_schedule(cand));
	isl_ast_build_free(build);
	r->n = 0;
	if (tree)
		isl_ast_node_foreach_descendant_top_down(tree, &ref_collect, r);
	isl_ast_node_free(tree);
}

/* Returns the candidate of `strategy` ("none" or a tile size). */
static at_cand *candidate(isl_ctx *ctx, const at_scop *scop,
	const at_deps *deps, long size)
{
	at_opts opts = { 0 };
	const char *why;
	at_space *space = at_space_build(ctx, scop, deps, AT_SPACE_SHAPES);
	at_choice ch;
	at_cand *c = NULL;
	int dep;

	opts.default_size = size;
	opts.parallel = 1;
	opts.tile_scan = opts.point_scan = -1;
	if (space && size && at_space_default(space, &opts, &ch, &why) == 0)
		c = at_space_make(ctx, space, &ch, &dep);
	if (space && !c) {
		ch.shape = -1;
		c = at_space_make(ctx, space, &ch, &dep);
	}
	at_space_free(space);
	return c;
}

/* Returns the number of occurrences of `what` in `text`. */
static int count(const char *text, const char *what)
{
	int n = 0;

	for (const char *p = text; p && (p = strstr(p, what)); p++)
		n++;
	return n;
}

/* Returns 1 when no loop condition of `text` calls a helper or divides:
 * costly upper bounds are computed once, before their loop. */
static int bounds_hoisted(const char *text)
{
	for (const char *p = text; p && (p = strstr(p, "for (")); p++) {
		const char *c = strchr(p, ';'), *end = c ? strchr(c + 1, ';') : NULL;
		for (const char *q = c; end && q < end; q++)
			if (!strncmp(q, "at_", 3) || !strncmp(q, " / ", 3) ||
			    !strncmp(q, " % ", 3))
				return 0;
	}
	return 1;
}

/* Generates examples/<name>.c with tile size `size` (0: none), checks
 * every loop's verdict against the reference and returns the text of the
 * first nest (caller frees), or NULL. */
static char *check_example(isl_ctx *ctx, const char *name, long size)
{
	static const char *args[] = { "-Iruntime" };
	char path[256];
	at_source *src = NULL;
	at_cg_opts cgo = { "c", 1 };
	char *text = NULL;

	snprintf(path, sizeof(path), "examples/%s.c", name);
	if (at_frontend_parse(path, 1, args, &src) != 0 || src->n_scop < 1) {
		AT_CHECK(0, "%s parses", path);
		at_source_free(src);
		return NULL;
	}
	for (int k = 0; k < src->n_scop; k++) {
		const at_scop *scop = src->scops[k];
		at_deps *deps = at_deps_compute(ctx, scop);
		at_cand *cand = deps ? candidate(ctx, scop, deps, size) : NULL;
		at_gen gen = { 0 };
		struct ref_loops ref;
		int same;
		if (!cand || at_codegen(ctx, scop, deps, cand, &cgo, &gen) < 0) {
			AT_CHECK(0, "%s size %ld nest %d generates", name,
				size, k);
			at_cand_free(cand);
			at_deps_free(deps);
			continue;
		}
		ref_build(ctx, scop, deps, cand, &ref);
		same = ref.n == gen.n_note;
		for (int i = 0; same && i < gen.n_note; i++)
			same = ref.par[i] == gen.notes[i].parallel;
		AT_CHECK(same, "%s size %ld nest %d: the parallelism of all %d "
			"loops is the reference test's (%d loops)", name, size,
			k, gen.n_note, ref.n);
		if (!text)
			text = gen.text;
		else
			free(gen.text);
		at_cand_free(cand);
		at_deps_free(deps);
	}
	at_source_free(src);
	return text;
}

int main(void)
{
	static const struct { const char *name; long size; } cases[] = {
		{ "syrk", 0 }, { "syrk", 32 }, { "lu", 0 }, { "lu", 32 },
		{ "lu", 3 }, { "jacobi1d", 32 }, { "matmul", 32 },
		{ "gemver", 32 }, { "listing11", 16 }, { "transpose", 32 },
		{ "reduction", 32 }, { "vla", 32 }, { "seidel2d", 0 },
		{ "fdtd2d", 0 }, { "heat3d", 0 },
	};
	isl_ctx *ctx = isl_ctx_alloc();
	char *t;

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_options_set_tile_scale_tile_loops(ctx, 1);
	isl_options_set_tile_shift_point_loops(ctx, 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		t = check_example(ctx, cases[i].name, cases[i].size);
		if (!strcmp(cases[i].name, "syrk") && !cases[i].size)
			AT_CHECK(count(t, "#pragma omp parallel for") == 1 &&
				count(t, "#pragma omp simd") == 2,
				"syrk, original order: parallel for on i, simd "
				"on j in both statements, none on the k "
				"reduction");
		if (!strcmp(cases[i].name, "seidel2d") && !cases[i].size)
			AT_CHECK(t && count(t, "#pragma omp") == 0,
				"seidel2d, original order: every loop carries "
				"a dependence, no OpenMP pragma");
		AT_CHECK(t && bounds_hoisted(t), "%s size %ld: costly upper "
			"bounds are hoisted out of the loop conditions",
			cases[i].name, cases[i].size);
		free(t);
	}
	isl_ctx_free(ctx);
	AT_TEST_END();
}
