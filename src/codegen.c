/*
 * codegen.c — stage 7: isl AST -> C text, with OpenMP pragmas on loops
 * proved parallel.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/options.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "at_codegen.h"
#include "at_buf.h"
#include "at_diag.h"
#include "codegen_int.h"

/* Where a node is, for the choice of OpenMP pragmas. */
#define AT_CG_IN_PARALLEL 1	/* inside a `parallel for` loop */
#define AT_CG_IN_POINT 2	/* inside the point loops of a tile */

/* Schedule dimensions handled: the builder names the iterator of schedule
 * depth d `<prefix>d`, for d < AT_CG_MAX_DEPTH (at_cg_build). */
#define AT_CG_MAX_DEPTH 64

/* A constant this big in a bound or subscript of the nest makes the
 * generated iterators and bounds `long` even when the original iterators
 * are int, and every integer constant of the generated code `long` (an
 * `L` suffix).  isl combines the constants of bounds and dependence
 * distances with tile sizes and skews, so a generated bound can leave
 * int's range where no value of the original does: `for (int j =
 * 2147483647; j < N - 1; j++)`, never run, became a tile loop from `2 *
 * c3 + 2147483648`, which an int iterator wraps to a negative start, and
 * `3 * N + 2147483640`, an int sum, wrapped at N = 67 so that no tile
 * ran.  2^24 leaves a factor of 128 below INT_MAX. */
#define AT_CG_BIG_CONST (1L << 24)

/* The distances on a band's members of the dependences from statement
 * src to statement dst (at_cg_band_dist). */
struct at_cg_dist {
	int src, dst;
	isl_set *delta;		/* sink - source, one dimension a member */
};

/* A band of the schedule tree. */
struct at_cg_band {
	isl_schedule_node *node;
	int depth;		/* schedule depth of member 0 */
	int n;			/* members */
	char *stmts;		/* n_stmt flags: statements it schedules */
	int dist_done;		/* dist computed */
	int n_dist;
	struct at_cg_dist *dist;	/* per pair of statements with some */
};

/* Whether the loops of the member at schedule `depth` around the
 * statements `stmts` are parallel. */
struct at_cg_memo {
	int depth;
	char *stmts;		/* n_stmt flags */
	int par;
};

/* State of one generation. */
struct at_cg {
	const at_scop *scop;
	const at_deps *deps;
	const at_cg_opts *opts;
	const char *type;	/* C type of the generated iterators */
	const char *lit;	/* suffix of integer constants: "" or "L" */
	at_gen *gen;
	at_buf out;
	int failed;
	int bound_failed;	/* a loop condition at_cg_ub_read cannot read */
	int n_band, n_memo;
	struct at_cg_band *bands;	/* the schedule's bands */
	struct at_cg_memo *memo;	/* parallelism results so far */
	char *stmts;		/* statements of the loop being printed */
	int vis[AT_CG_MAX_DEPTH];	/* hoisted bounds visible, per depth */
	/* The loop around the one being printed: its iterator (NULL at the
	 * top) and whether it is parallel (see at_cg_simd_safe). */
	isl_ast_expr *outer;
	int outer_par;
	int base;		/* nesting of the whole text: 1 inside a guard */
	int cast_ids;		/* names in arithmetic as `(long)name` */
	/* A parameter wider than int or unsigned (at_scop.wide_param): the
	 * nest's parameters are printed as `(long)name` everywhere, so that
	 * `n - 1` at unsigned n = 0 is -1 and not UINT_MAX. */
	int long_params;
};

#define AT_CG_BOUNDS "integer helpers for generated loop bounds (at_d > 0)"

/* The helpers generated code may call: name, its definition and the
 * comment that goes before the first helper of its group.  A nest whose
 * generated iterators are int calls the int helpers, one whose iterators
 * are long the at_l ones (at_cg_type): every bound is computed in the
 * iterators' type, with no conversion that narrows it.  GCC 12.2 at -O2
 * miscompiled a tiling whose hoisted int bounds were narrowed from long
 * helpers (tests/gcc/param-bounds.c).  The floor division cannot
 * overflow: n + 1 for n < 0 stays in range, and C's division rounds
 * towards zero, down for n >= 0 and up for n < 0, hence the - 1. */
static const struct at_cg_helper {
	const char *name, *def, *comment;
} at_cg_helpers[] = {
	{ "at_floord", "static inline int at_floord(int at_n, int at_d) "
	  "{ return at_n >= 0 ? at_n / at_d : (at_n + 1) / at_d - 1; }\n",
	  AT_CG_BOUNDS },
	{ "at_min", "static inline int at_min(int at_a, int at_b) "
	  "{ return at_a < at_b ? at_a : at_b; }\n",
	  AT_CG_BOUNDS },
	{ "at_max", "static inline int at_max(int at_a, int at_b) "
	  "{ return at_a > at_b ? at_a : at_b; }\n",
	  AT_CG_BOUNDS },
	{ "at_lfloord", "static inline long at_lfloord(long at_n, long at_d) "
	  "{ return at_n >= 0 ? at_n / at_d : (at_n + 1) / at_d - 1; }\n",
	  AT_CG_BOUNDS },
	{ "at_lmin", "static inline long at_lmin(long at_a, long at_b) "
	  "{ return at_a < at_b ? at_a : at_b; }\n",
	  AT_CG_BOUNDS },
	{ "at_lmax", "static inline long at_lmax(long at_a, long at_b) "
	  "{ return at_a > at_b ? at_a : at_b; }\n",
	  AT_CG_BOUNDS },
	{ "at_addr", "static inline unsigned long long at_addr(const void "
	  "*at_p, long long at_i, unsigned long long at_size)\n{ return "
	  "(unsigned long long)at_p + (unsigned long long)at_i * at_size; }\n",
	  "the address of element at_i of at_p as an integer, for the checks "
	  "that arrays do not overlap" },
};

/* The names of the helpers' parameters: a user's macro of such a name
 * would expand inside the helpers' definitions (`#define n 200` in
 * `int at_floord(int n, ...)`), so they are checked as the helpers'
 * own names are (at_codegen_helper_clash). */
static const char *const at_cg_helper_params[] = { "at_n", "at_d",
	"at_a", "at_b", "at_p", "at_i", "at_size" };

/* Returns 1 for a character that may continue an identifier. */
static int at_cg_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Returns the first occurrence in `text` of identifier `name`, followed
 * by `(` when `call` (a call or a function's definition), or NULL. */
static const char *at_cg_name_in(const char *text, const char *name,
	int call)
{
	size_t len = strlen(name);

	for (const char *p = text; p && (p = strstr(p, name)); p += len)
		if ((call ? p[len] == '(' : !at_cg_ident_char(p[len])) &&
		    (p == text || !at_cg_ident_char(p[-1])))
			return p;
	return NULL;
}

/* Returns 1 when one of texts[0..n) (NULL: none) calls helper `name`. */
static int at_cg_calls(char *const *texts, int n, const char *name)
{
	for (int k = 0; k < n; k++)
		if (at_cg_name_in(texts[k], name, 1))
			return 1;
	return 0;
}

/* Returns the helper that a source file calls or defines (see
 * at_codegen.h). */
const char *at_codegen_helper_clash(const char *text, const char **at)
{
	char guard[64];

	for (size_t h = 0; h < sizeof at_cg_helpers / sizeof *at_cg_helpers;
	     h++) {
		const char *name = at_cg_helpers[h].name;

		snprintf(guard, sizeof(guard), "#define AT_HELPER_%s", name);
		*at = at_cg_name_in(text, name, 0);
		if (*at && !strstr(text, guard))
			return name;
	}
	for (size_t p = 0; p < sizeof at_cg_helper_params /
	     sizeof *at_cg_helper_params; p++) {
		*at = at_cg_name_in(text, at_cg_helper_params[p], 0);
		if (*at && !strstr(text, "#define AT_HELPER_"))
			return at_cg_helper_params[p];
	}
	*at = NULL;
	return NULL;
}

/* See at_codegen.h. */
const char *at_codegen_helper_name(size_t i)
{
	return i < sizeof at_cg_helpers / sizeof *at_cg_helpers ?
		at_cg_helpers[i].name : NULL;
}

/* Appends the helpers the texts call (see at_codegen.h). */
void at_codegen_helpers(at_buf *b, char *const *texts, int n)
{
	const char *comment = NULL;

	for (size_t h = 0; h < sizeof at_cg_helpers / sizeof *at_cg_helpers;
	     h++) {
		const struct at_cg_helper *hp = &at_cg_helpers[h];

		if (!at_cg_calls(texts, n, hp->name))
			continue;
		if (!comment || strcmp(comment, hp->comment))
			at_buf_printf(b, "/* autotile: %s */\n", hp->comment);
		comment = hp->comment;
		at_buf_printf(b, "#ifndef AT_HELPER_%s\n#define AT_HELPER_%s\n"
			"%s#endif\n", hp->name, hp->name, hp->def);
	}
}

/*
 * Parallelism of a loop, decided on the schedule tree.
 *
 * isl generates each loop from one member k of one band.  Two instances in
 * the same iteration of all outer loops agree on the band's prefix schedule
 * and on members 0..k-1 (a dimension isl eliminates is a function of outer
 * ones), so the loop is parallel when no dependence between instances of
 * the statements in its body that reach the band, restricted to pairs that
 * agree on those outer dimensions, has a non-zero distance on member k.
 * That is the test at_deps_is_parallel() makes on the AST build's schedule
 * of the loop, made here on the band's own schedule: without the tile
 * loops' integer divisions composed into every dependence, and once per
 * (member, statement set) instead of once per generated loop.
 */

/* Returns the statement index of tuple name "S<k>", or -1. */
static int at_cg_stmt_index(const struct at_cg *cg, const char *name)
{
	char *end;
	long k;

	if (!name || name[0] != 'S')
		return -1;
	k = strtol(name + 1, &end, 10);
	return *end || end == name + 1 || k < 0 || k >= cg->scop->n_stmt ?
		-1 : (int)k;
}

/* Context of at_cg_mark_stmt: a statement set. */
struct at_cg_stmts {
	const struct at_cg *cg;
	char *stmts;		/* n_stmt flags */
};

/* Flags the statement of `set` in s->stmts. */
static isl_stat at_cg_mark_stmt(__isl_take isl_set *set, void *user)
{
	struct at_cg_stmts *s = user;
	int k = at_cg_stmt_index(s->cg, isl_set_get_tuple_name(set));

	isl_set_free(set);
	if (k < 0)
		return isl_stat_error;
	s->stmts[k] = 1;
	return isl_stat_ok;
}

/* Records band `node` in cg->bands with the statements it schedules. */
static isl_bool at_cg_band_add(__isl_keep isl_schedule_node *node, void *user)
{
	struct at_cg *cg = user;
	struct at_cg_band *b;
	struct at_cg_stmts s = { cg, NULL };
	isl_union_set *dom;
	isl_stat r;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
		return isl_bool_true;
	b = realloc(cg->bands, (cg->n_band + 1) * sizeof(*b));
	if (!b)
		return isl_bool_error;
	cg->bands = b;
	b = &cg->bands[cg->n_band++];
	b->node = isl_schedule_node_copy(node);
	b->dist_done = b->n_dist = 0;
	b->dist = NULL;
	b->depth = isl_schedule_node_get_schedule_depth(node);
	b->n = isl_schedule_node_band_n_member(node);
	b->stmts = s.stmts = calloc(cg->scop->n_stmt + 1, 1);
	dom = isl_schedule_node_get_universe_domain(node);
	r = dom && s.stmts ? isl_union_set_foreach_set(dom, &at_cg_mark_stmt,
		&s) : isl_stat_error;
	isl_union_set_free(dom);
	return r < 0 || b->depth < 0 || b->n < 0 ? isl_bool_error :
		isl_bool_true;
}

/* Returns the band of cg->bands that has a member at schedule `depth`
 * and schedules statement k, or NULL. */
static struct at_cg_band *at_cg_band_find(const struct at_cg *cg,
	int depth, int k)
{
	for (int i = 0; i < cg->n_band; i++) {
		struct at_cg_band *b = &cg->bands[i];
		if (depth >= b->depth && depth < b->depth + b->n &&
		    b->stmts[k])
			return b;
	}
	return NULL;
}

/* Context of at_cg_band_dist: the band and the schedule of its
 * instances up to its last member. */
struct at_cg_dist_ctx {
	const struct at_cg *cg;
	struct at_cg_band *b;
	isl_union_map *sched;
};

/* Adds to ctx->b->dist the distances on the band's members of the
 * dependences `map` (taken) between two of its statements, from their
 * instances that reach the band and agree on its prefix schedule. */
static isl_stat at_cg_dist_add(__isl_take isl_map *map, void *user)
{
	struct at_cg_dist_ctx *c = user;
	struct at_cg_band *b = c->b;
	int src = at_cg_stmt_index(c->cg,
		isl_map_get_tuple_name(map, isl_dim_in));
	int dst = at_cg_stmt_index(c->cg,
		isl_map_get_tuple_name(map, isl_dim_out));
	isl_union_map *img;
	isl_set *delta;
	struct at_cg_dist *d;
	isl_bool empty;

	if (src < 0 || dst < 0 || !b->stmts[src] || !b->stmts[dst]) {
		isl_map_free(map);
		return src < 0 || dst < 0 ? isl_stat_error : isl_stat_ok;
	}
	img = isl_union_map_from_map(map);
	img = isl_union_map_apply_domain(img, isl_union_map_copy(c->sched));
	img = isl_union_map_apply_range(img, isl_union_map_copy(c->sched));
	img = isl_union_map_coalesce(img);
	empty = isl_union_map_is_empty(img);
	if (empty != isl_bool_false) {
		isl_union_map_free(img);
		return empty < 0 ? isl_stat_error : isl_stat_ok;
	}
	delta = isl_set_from_union_set(isl_union_map_deltas(img));
	for (int j = 0; j < b->depth; j++)
		delta = isl_set_fix_si(delta, isl_dim_set, j, 0);
	delta = isl_set_project_out(delta, isl_dim_set, 0, b->depth);
	empty = isl_set_is_empty(delta);
	if (empty != isl_bool_false) {
		isl_set_free(delta);
		return empty < 0 ? isl_stat_error : isl_stat_ok;
	}
	d = realloc(b->dist, (b->n_dist + 1) * sizeof(*d));
	if (!d) {
		isl_set_free(delta);
		return isl_stat_error;
	}
	b->dist = d;
	d[b->n_dist].src = src;
	d[b->n_dist].dst = dst;
	d[b->n_dist++].delta = delta;
	return isl_stat_ok;
}

/* Computes, once per band, b->dist: for each pair of statements of band
 * b with dependences between instances that reach it and agree on its
 * prefix schedule, the differences sink - source of the band's members
 * over those dependences.  Returns 0 or -1. */
static int at_cg_band_dist(const struct at_cg *cg, struct at_cg_band *b)
{
	struct at_cg_dist_ctx c = { cg, b, NULL };
	isl_stat r;

	if (b->dist_done)
		return 0;
	c.sched = isl_schedule_node_band_get_partial_schedule_union_map(
		b->node);
	if (b->depth > 0)
		c.sched = isl_union_map_flat_range_product(
			isl_schedule_node_get_prefix_schedule_union_map(b->node),
			c.sched);
	c.sched = isl_union_map_intersect_domain(c.sched,
		isl_schedule_node_get_domain(b->node));
	r = c.sched ? isl_union_map_foreach_map(cg->deps->all,
		&at_cg_dist_add, &c) : isl_stat_error;
	isl_union_map_free(c.sched);
	b->dist_done = r == isl_stat_ok;
	return r == isl_stat_ok ? 0 : -1;
}

/* Returns 1 if the loops generated from member m of band b around the
 * statements flagged in `stmts` are parallel: no dependence between two
 * of them that agree on the band's members before m has a non-zero
 * distance on member m; 0 if not, -1 on error. */
static int at_cg_member_par(const struct at_cg *cg, struct at_cg_band *b,
	int m, const char *stmts)
{
	if (at_cg_band_dist(cg, b) < 0)
		return -1;
	for (int i = 0; i < b->n_dist; i++) {
		const struct at_cg_dist *d = &b->dist[i];
		isl_set *s, *pos;
		isl_bool empty;

		if (!stmts[d->src] || !stmts[d->dst])
			continue;
		s = isl_set_copy(d->delta);
		for (int j = 0; j < m; j++)
			s = isl_set_fix_si(s, isl_dim_set, j, 0);
		pos = isl_set_lower_bound_si(isl_set_copy(s), isl_dim_set, m, 1);
		s = isl_set_upper_bound_si(s, isl_dim_set, m, -1);
		empty = isl_set_is_empty(pos);
		if (empty == isl_bool_true)
			empty = isl_set_is_empty(s);
		isl_set_free(pos);
		isl_set_free(s);
		if (empty != isl_bool_true)
			return empty < 0 ? -1 : 0;
	}
	return 1;
}

/* Flags in cg->stmts the statement of a user node. */
static isl_bool at_cg_loop_stmt(__isl_keep isl_ast_node *node, void *user)
{
	struct at_cg *cg = user;
	isl_ast_expr *call, *name;
	isl_id *id;
	int k;

	if (isl_ast_node_get_type(node) != isl_ast_node_user)
		return isl_bool_true;
	call = isl_ast_node_user_get_expr(node);
	name = isl_ast_expr_op_get_arg(call, 0);
	id = isl_ast_expr_id_get_id(name);
	k = at_cg_stmt_index(cg, id ? isl_id_get_name(id) : NULL);
	isl_id_free(id);
	isl_ast_expr_free(name);
	isl_ast_expr_free(call);
	if (k < 0)
		return isl_bool_error;
	cg->stmts[k] = 1;
	return isl_bool_false;
}

/* Returns the remembered result for (depth, cg->stmts), or -1. */
static int at_cg_memo_get(const struct at_cg *cg, int depth)
{
	for (int i = 0; i < cg->n_memo; i++)
		if (cg->memo[i].depth == depth &&
		    !memcmp(cg->memo[i].stmts, cg->stmts, cg->scop->n_stmt))
			return cg->memo[i].par;
	return -1;
}

/* Remembers `par` for (depth, cg->stmts); returns par, or -1 when out of
 * memory. */
static int at_cg_memo_put(struct at_cg *cg, int depth, int par)
{
	struct at_cg_memo *m = realloc(cg->memo,
		(cg->n_memo + 1) * sizeof(*m));

	if (!m)
		return -1;
	cg->memo = m;
	m = &cg->memo[cg->n_memo];
	m->stmts = malloc(cg->scop->n_stmt + 1);
	if (!m->stmts)
		return -1;
	memcpy(m->stmts, cg->stmts, cg->scop->n_stmt);
	m->depth = depth;
	m->par = par;
	cg->n_memo++;
	return par;
}

/* Returns the schedule depth of the generated iterator `iter` (named
 * <prefix><depth> by at_cg_build), or -1. */
static int at_cg_iter_depth(const struct at_cg *cg, const char *iter)
{
	size_t len = strlen(cg->opts->iter_prefix);
	char *end;
	long depth;

	if (strncmp(iter, cg->opts->iter_prefix, len) != 0)
		return -1;
	depth = strtol(iter + len, &end, 10);
	if (*end || end == iter + len || depth < 0 ||
	    depth >= AT_CG_MAX_DEPTH)
		return -1;
	return (int)depth;
}

/* Returns 1 if the loop with iterator `iter` (named after its schedule
 * depth, see at_cg_build) and body `body` is parallel, 0 if not, -1 on
 * error. */
static int at_cg_loop_is_parallel(struct at_cg *cg, const char *iter,
	__isl_keep isl_ast_node *body)
{
	struct at_cg_band *b = NULL;
	int depth = at_cg_iter_depth(cg, iter);
	int par;

	if (depth < 0)
		return -1;
	memset(cg->stmts, 0, cg->scop->n_stmt);
	if (isl_ast_node_foreach_descendant_top_down(body, &at_cg_loop_stmt,
		cg) < 0)
		return -1;
	par = at_cg_memo_get(cg, depth);
	if (par >= 0)
		return par;
	for (int k = 0; !b && k < cg->scop->n_stmt; k++)
		if (cg->stmts[k])
			b = at_cg_band_find(cg, depth, k);
	for (int k = 0; b && k < cg->scop->n_stmt; k++)
		if (cg->stmts[k] && !b->stmts[k])
			b = NULL;	/* not one band: not our AST */
	if (!b)
		return -1;
	par = at_cg_member_par(cg, b, depth - b->depth, cg->stmts);
	return par < 0 ? -1 : at_cg_memo_put(cg, depth, par);
}

/* Prepares the parallelism test for `sched`.  Returns 0 or -1. */
static int at_cg_par_init(struct at_cg *cg, __isl_keep isl_schedule *sched)
{
	cg->stmts = calloc(cg->scop->n_stmt + 1, 1);
	if (!cg->stmts)
		return -1;
	return isl_schedule_foreach_schedule_node_top_down(sched,
		&at_cg_band_add, cg) < 0 ? -1 : 0;
}

/* Frees what at_cg_par_init and the tests allocated. */
static void at_cg_par_clear(struct at_cg *cg)
{
	for (int i = 0; i < cg->n_band; i++) {
		isl_schedule_node_free(cg->bands[i].node);
		for (int j = 0; j < cg->bands[i].n_dist; j++)
			isl_set_free(cg->bands[i].dist[j].delta);
		free(cg->bands[i].dist);
		free(cg->bands[i].stmts);
	}
	for (int i = 0; i < cg->n_memo; i++)
		free(cg->memo[i].stmts);
	free(cg->bands);
	free(cg->memo);
	free(cg->stmts);
}

/* C operator precedence of an expression (higher binds tighter). */
static int at_cg_prec(__isl_keep isl_ast_expr *e)
{
	if (isl_ast_expr_get_type(e) == isl_ast_expr_int) {
		isl_val *v = isl_ast_expr_int_get_val(e);
		int neg = isl_val_is_neg(v) == isl_bool_true;
		isl_val_free(v);
		return neg ? 12 : 14;
	}
	if (isl_ast_expr_get_type(e) != isl_ast_expr_op)
		return 14;
	switch (isl_ast_expr_op_get_type(e)) {
	case isl_ast_expr_op_or:
	case isl_ast_expr_op_or_else: return 3;
	case isl_ast_expr_op_and:
	case isl_ast_expr_op_and_then: return 4;
	case isl_ast_expr_op_cond:
	case isl_ast_expr_op_select: return 2;
	case isl_ast_expr_op_eq: return 7;
	case isl_ast_expr_op_le:
	case isl_ast_expr_op_lt:
	case isl_ast_expr_op_ge:
	case isl_ast_expr_op_gt: return 8;
	case isl_ast_expr_op_add:
	case isl_ast_expr_op_sub: return 10;
	case isl_ast_expr_op_mul:
	case isl_ast_expr_op_div:
	case isl_ast_expr_op_pdiv_q:
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r: return 11;
	case isl_ast_expr_op_minus: return 12;
	default: return 14;
	}
}

static void at_cg_expr(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_expr *e);

/* Prints argument i of e, in parentheses when its precedence is below
 * `min` (the operator's own precedence, plus one on the right side), and
 * an `&&` inside an `||` too, as gcc's -Wparentheses asks. */
static void at_cg_arg(struct at_cg *cg, at_buf *b, __isl_keep isl_ast_expr *e,
	int i, int min)
{
	isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
	int pa = at_cg_prec(a), paren = pa < min ||
		(pa == 4 && at_cg_prec(e) == 3);

	if (paren)
		at_buf_add(b, "(");
	at_cg_expr(cg, b, a);
	if (paren)
		at_buf_add(b, ")");
	isl_ast_expr_free(a);
}

/* Prints the start of a call of bound helper `fn` ("min", "max",
 * "floord"): the int one, or the long one when the generated iterators
 * are long (at_cg_helpers). */
static void at_cg_call(const struct at_cg *cg, at_buf *b, const char *fn)
{
	at_buf_printf(b, "at_%s%s(", strcmp(cg->type, "int") ? "l" : "", fn);
}

/* Prints an n-ary min/max as nested calls of the helper `fn`. */
static void at_cg_minmax(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_expr *e, const char *fn)
{
	isl_size n = isl_ast_expr_op_get_n_arg(e);

	for (int i = 0; i < n - 1; i++)
		at_cg_call(cg, b, fn);
	at_cg_arg(cg, b, e, 0, 0);
	for (int i = 1; i < n; i++) {
		at_buf_add(b, ", ");
		at_cg_arg(cg, b, e, i, 0);
		at_buf_add(b, ")");
	}
}

/* Returns the C spelling of a binary operator, or NULL. */
static const char *at_cg_binop(enum isl_ast_expr_op_type t)
{
	switch (t) {
	case isl_ast_expr_op_and:
	case isl_ast_expr_op_and_then: return " && ";
	case isl_ast_expr_op_or:
	case isl_ast_expr_op_or_else: return " || ";
	case isl_ast_expr_op_add: return " + ";
	case isl_ast_expr_op_sub: return " - ";
	case isl_ast_expr_op_mul: return " * ";
	case isl_ast_expr_op_div:
	case isl_ast_expr_op_pdiv_q: return " / ";
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r: return " % ";
	case isl_ast_expr_op_eq: return " == ";
	case isl_ast_expr_op_le: return " <= ";
	case isl_ast_expr_op_lt: return " < ";
	case isl_ast_expr_op_ge: return " >= ";
	case isl_ast_expr_op_gt: return " > ";
	default: return NULL;
	}
}

/* Returns 1 when operation type t is arithmetic (may overflow). */
static int at_cg_arith(enum isl_ast_expr_op_type t)
{
	return t == isl_ast_expr_op_add || t == isl_ast_expr_op_sub ||
		t == isl_ast_expr_op_mul || t == isl_ast_expr_op_div ||
		t == isl_ast_expr_op_pdiv_q || t == isl_ast_expr_op_pdiv_r ||
		t == isl_ast_expr_op_zdiv_r || t == isl_ast_expr_op_minus ||
		t == isl_ast_expr_op_fdiv_q || t == isl_ast_expr_op_min ||
		t == isl_ast_expr_op_max;
}

/* Prints operation e of type t (at_cg_op). */
static void at_cg_op_args(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_expr *e, enum isl_ast_expr_op_type t)
{
	const char *op = at_cg_binop(t);
	int prec = at_cg_prec(e);

	if (op) {
		at_cg_arg(cg, b, e, 0, prec);
		at_buf_add(b, op);
		at_cg_arg(cg, b, e, 1, prec + 1);
	} else if (t == isl_ast_expr_op_minus) {
		at_buf_add(b, "-");
		at_cg_arg(cg, b, e, 0, prec + 1);
	} else if (t == isl_ast_expr_op_min || t == isl_ast_expr_op_max) {
		at_cg_minmax(cg, b, e, t == isl_ast_expr_op_min ?
			"min" : "max");
	} else if (t == isl_ast_expr_op_fdiv_q) {
		at_cg_call(cg, b, "floord");
		at_cg_arg(cg, b, e, 0, 0);
		at_buf_add(b, ", ");
		at_cg_arg(cg, b, e, 1, 0);
		at_buf_add(b, ")");
	} else if (t == isl_ast_expr_op_cond || t == isl_ast_expr_op_select) {
		at_cg_arg(cg, b, e, 0, prec + 1);
		at_buf_add(b, " ? ");
		at_cg_arg(cg, b, e, 1, prec + 1);
		at_buf_add(b, " : ");
		at_cg_arg(cg, b, e, 2, prec + 1);
	} else {
		cg->failed = 1;
		at_buf_add(b, "/* unsupported isl operation */");
	}
}

/* Prints an operation expression; with cg->cast_ids, the names that are
 * operands of arithmetic as `(long)name` (cast_ids 2 while printing
 * them). */
static void at_cg_op(struct at_cg *cg, at_buf *b, __isl_keep isl_ast_expr *e)
{
	enum isl_ast_expr_op_type t = isl_ast_expr_op_get_type(e);
	int cast = cg->cast_ids;

	if (cast)
		cg->cast_ids = at_cg_arith(t) ? 2 : 1;
	at_cg_op_args(cg, b, e, t);
	cg->cast_ids = cast;
}

/* Returns 1 if `name` is one of the scop's parameters. */
static int at_cg_is_param(const at_scop *scop, const char *name)
{
	for (int p = 0; name && p < scop->n_param; p++)
		if (!strcmp(scop->params[p], name))
			return 1;
	return 0;
}

/* Prints an AST expression in C. */
static void at_cg_expr(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_expr *e)
{
	switch (isl_ast_expr_get_type(e)) {
	case isl_ast_expr_id: {
		isl_id *id = isl_ast_expr_id_get_id(e);
		const char *name = isl_id_get_name(id);

		at_buf_add(b, cg->cast_ids == 2 || (cg->long_params &&
			at_cg_is_param(cg->scop, name)) ? "(long)" : "");
		at_buf_add(b, name);
		isl_id_free(id);
		break;
	}
	case isl_ast_expr_int: {
		isl_val *v = isl_ast_expr_int_get_val(e);
		char *s = isl_val_to_str(v);
		at_buf_add(b, s ? s : "0");
		at_buf_add(b, cg->lit);
		if (!s)
			cg->failed = 1;
		free(s);
		isl_val_free(v);
		break;
	}
	case isl_ast_expr_op:
		at_cg_op(cg, b, e);
		break;
	default:
		cg->failed = 1;
	}
}

/* Appends the indentation of nesting `level`. */
static void at_cg_indent(struct at_cg *cg, int level)
{
	at_buf_add(&cg->out, cg->scop->indent);
	for (int i = 0; i < level + cg->base; i++)
		at_buf_add(&cg->out, "  ");
}

/* Prints a statement instance: the statement's original text with each
 * iterator replaced by its expression (argument p+1 of the call) and each
 * renamed local by its name. */
static void at_cg_user(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level)
{
	isl_ast_expr *call = isl_ast_node_user_get_expr(node);
	isl_ast_expr *name = isl_ast_expr_op_get_arg(call, 0);
	isl_id *id = isl_ast_expr_id_get_id(name);
	int k = at_cg_stmt_index(cg, id ? isl_id_get_name(id) : NULL);
	const at_stmt *s;
	unsigned pos = 0;

	isl_id_free(id);
	isl_ast_expr_free(name);
	if (k < 0 || k >= cg->scop->n_stmt) {
		cg->failed = 1;
		isl_ast_expr_free(call);
		return;
	}
	s = &cg->scop->stmts[k];
	at_cg_indent(cg, level);
	for (int u = 0; u < s->n_use; u++) {
		const at_use *use = &s->uses[u];
		int p = use->array < 0 ? at_scop_stmt_dim(s, use->loop) : 0;
		isl_ast_expr *arg;
		const char *type;
		int cast;
		if (p < 0 || use->off < pos) {
			cg->failed = 1;
			break;
		}
		at_buf_addn(&cg->out, s->text + pos, use->off - pos);
		pos = use->off + use->len;
		if (use->array >= 0) {
			at_buf_add(&cg->out, cg->scop->arrays[use->array].name);
			continue;
		}
		arg = isl_ast_expr_op_get_arg(call, p + 1);
		/* the statement computes in its iterator's own type (an
		 * unsigned `j - i` wraps, a `sizeof` sees it) */
		type = cg->scop->loops[use->loop].type;
		cast = strcmp(type, cg->type) != 0;
		if (cast)
			at_buf_printf(&cg->out, "((%s)", type);
		at_buf_add(&cg->out, "(");
		at_cg_expr(cg, &cg->out, arg);
		at_buf_add(&cg->out, cast ? "))" : ")");
		isl_ast_expr_free(arg);
	}
	at_buf_add(&cg->out, s->text + pos);
	at_buf_add(&cg->out, "\n");
	isl_ast_expr_free(call);
}

static void at_cg_node(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level, int flags);

/* Returns 1 if the subtree at `node` contains a for loop. */
static int at_cg_has_for(__isl_keep isl_ast_node *node)
{
	enum isl_ast_node_type t = isl_ast_node_get_type(node);
	int r = 0;

	if (t == isl_ast_node_for)
		return 1;
	if (t == isl_ast_node_block) {
		isl_ast_node_list *l = isl_ast_node_block_get_children(node);
		isl_size n = isl_ast_node_list_n_ast_node(l);
		for (int i = 0; i < n && !r; i++) {
			isl_ast_node *c = isl_ast_node_list_get_at(l, i);
			r = at_cg_has_for(c);
			isl_ast_node_free(c);
		}
		isl_ast_node_list_free(l);
	} else if (t == isl_ast_node_if) {
		isl_ast_node *c = isl_ast_node_if_get_then_node(node);
		r = at_cg_has_for(c);
		isl_ast_node_free(c);
		if (!r && isl_ast_node_if_has_else_node(node) == isl_bool_true) {
			c = isl_ast_node_if_get_else_node(node);
			r = at_cg_has_for(c);
			isl_ast_node_free(c);
		}
	} else if (t == isl_ast_node_mark) {
		isl_ast_node *c = isl_ast_node_mark_get_node(node);
		r = at_cg_has_for(c);
		isl_ast_node_free(c);
	}
	return r;
}

/* Returns 1 if `node` is a block, or a mark around one (a mark prints
 * nothing, so its block needs the braces of the enclosing loop or if). */
static int at_cg_is_block(__isl_keep isl_ast_node *node)
{
	isl_ast_node *c;
	int r;

	if (isl_ast_node_get_type(node) != isl_ast_node_mark)
		return isl_ast_node_get_type(node) == isl_ast_node_block;
	c = isl_ast_node_mark_get_node(node);
	r = at_cg_is_block(c);
	isl_ast_node_free(c);
	return r;
}

/* Returns 1 if evaluating `e` costs more than a few additions and
 * multiplications: it calls a helper (min, max, floord), divides, takes
 * a remainder or selects. */
static int at_cg_is_costly(__isl_keep isl_ast_expr *e)
{
	isl_size n;
	int r = 0;

	if (isl_ast_expr_get_type(e) != isl_ast_expr_op)
		return 0;
	switch (isl_ast_expr_op_get_type(e)) {
	case isl_ast_expr_op_min:
	case isl_ast_expr_op_max:
	case isl_ast_expr_op_fdiv_q:
	case isl_ast_expr_op_pdiv_q:
	case isl_ast_expr_op_pdiv_r:
	case isl_ast_expr_op_zdiv_r:
	case isl_ast_expr_op_div:
	case isl_ast_expr_op_select:
	case isl_ast_expr_op_cond:
		return 1;
	default:
		break;
	}
	n = isl_ast_expr_op_get_n_arg(e);
	for (int i = 0; i < n && !r; i++) {
		isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
		r = at_cg_is_costly(a);
		isl_ast_expr_free(a);
	}
	return r;
}

/* Reads the upper bound of the for node `node` into *ub; returns 0, or
 * -1 when its condition is not in the form codegen_int.h reads (then
 * cg->bound_failed is set and the condition is printed as it is). */
static int at_cg_loop_ub(struct at_cg *cg, __isl_keep isl_ast_node *node,
	at_cg_ub *ub)
{
	isl_ast_expr *cond = isl_ast_node_for_get_cond(node);
	isl_ast_expr *it = isl_ast_node_for_get_iterator(node);
	int r = at_cg_ub_read(cond, it, ub);

	if (r < 0)
		cg->bound_failed = 1;
	isl_ast_expr_free(it);
	isl_ast_expr_free(cond);
	return r;
}

/* Returns 1 if computing the bound ub costs more than a few additions
 * and multiplications: a minimum, a division or a costly atom. */
static int at_cg_ub_costly(const at_cg_ub *ub)
{
	if (ub->n > 1 || ub->div[0] > 1)
		return 1;
	for (int i = 0; i < ub->rest[0].n; i++)
		if (at_cg_is_costly(ub->rest[0].atom[i]))
			return 1;
	return 0;
}

/* Returns 1 when the for node `node` gets a hoisted upper bound: a
 * costly one, computed once before the loop instead of at every
 * iteration. */
static int at_cg_hoists(struct at_cg *cg, __isl_keep isl_ast_node *node)
{
	at_cg_ub ub;
	int r;

	if (isl_ast_node_get_type(node) != isl_ast_node_for ||
	    isl_ast_node_for_is_degenerate(node) != isl_bool_false ||
	    at_cg_loop_ub(cg, node, &ub) < 0)
		return 0;
	r = at_cg_ub_costly(&ub);
	at_cg_ub_clear(&ub);
	return r;
}

/* Prints the linear form lin plus `add` (`2 * N - c1 + 3`).  An atom is
 * parenthesized unless it binds at least as tightly as a product does on
 * its left; after a coefficient or a leading minus it must bind more
 * tightly, so that `3 * (c / 4)` is not printed as `3 * c / 4`. */
static void at_cg_lin_print(struct at_cg *cg, at_buf *b, const at_cg_lin *lin,
	long add)
{
	long c0 = lin->c + add;
	int first = 1;

	for (int i = 0; i < lin->n; i++) {
		long c = lin->coef[i];
		int bare, paren;

		if (c == 0)
			continue;
		bare = (c == 1 || c == -1) && !(first && c < 0);
		paren = at_cg_prec(lin->atom[i]) < (bare ? 11 : 12);
		at_buf_add(b, first ? (c < 0 ? "-" : "") : c < 0 ? " - " :
			" + ");
		if (c != 1 && c != -1)
			at_buf_printf(b, "%ld%s * ", c < 0 ? -c : c, cg->lit);
		at_buf_add(b, paren ? "(" : "");
		at_cg_expr(cg, b, lin->atom[i]);
		at_buf_add(b, paren ? ")" : "");
		first = 0;
	}
	if (first)
		at_buf_printf(b, "%ld%s", c0, cg->lit);
	else if (c0)
		at_buf_printf(b, " %c %ld%s", c0 < 0 ? '-' : '+',
			c0 < 0 ? -c0 : c0, cg->lit);
}

/* Prints the bound of ub: nested at_min of the rests, each divided with
 * at_floord where its divisor is not 1. */
static void at_cg_ub_print(struct at_cg *cg, at_buf *b, const at_cg_ub *ub)
{
	for (int i = 0; i < ub->n - 1; i++)
		at_cg_call(cg, b, "min");
	for (int i = 0; i < ub->n; i++) {
		if (i > 0)
			at_buf_add(b, ", ");
		if (ub->div[i] > 1)
			at_cg_call(cg, b, "floord");
		at_cg_lin_print(cg, b, &ub->rest[i], 0);
		if (ub->div[i] > 1)
			at_buf_printf(b, ", %ld%s)", ub->div[i], cg->lit);
		if (i > 0)
			at_buf_add(b, ")");
	}
}

/* Returns 1 if printing `node` starts with a declaration (a hoisted
 * bound), so that it needs braces where a statement is expected. */
static int at_cg_starts_with_decl(struct at_cg *cg,
	__isl_keep isl_ast_node *node)
{
	isl_ast_node *child;
	int r;

	if (isl_ast_node_get_type(node) == isl_ast_node_mark) {
		child = isl_ast_node_mark_get_node(node);
		r = at_cg_starts_with_decl(cg, child);
		isl_ast_node_free(child);
		return r;
	}
	return at_cg_hoists(cg, node);
}

/* Prints the declaration of the hoisted bound `ub` of the loop over
 * `iter` at schedule `depth` and writes its name to name[size]: iter_max,
 * with a suffix when a bound of another loop of this depth is visible in
 * the current scope. */
static void at_cg_decl_bound(struct at_cg *cg, const at_cg_ub *ub,
	const char *iter, int depth, int level, char *name, size_t size)
{
	int k = depth >= 0 && depth < AT_CG_MAX_DEPTH ? ++cg->vis[depth] : 1;

	if (k > 1)
		snprintf(name, size, "%s_max_%d", iter, k);
	else
		snprintf(name, size, "%s_max", iter);
	at_cg_indent(cg, level);
	at_buf_printf(&cg->out, "const %s %s = ", cg->type, name);
	at_cg_ub_print(cg, &cg->out, ub);
	at_buf_add(&cg->out, ";\n");
}

/* Prints `body` as the body of a loop or if: a block, a statement that
 * starts with a declaration, or any body when `braces` is set, gets
 * braces (and a scope of its own). */
static void at_cg_body_in(struct at_cg *cg, __isl_keep isl_ast_node *body,
	int level, int flags, int braces)
{
	int vis[AT_CG_MAX_DEPTH];

	if (braces || at_cg_is_block(body) ||
	    at_cg_starts_with_decl(cg, body)) {
		memcpy(vis, cg->vis, sizeof(vis));
		at_buf_add(&cg->out, " {\n");
		at_cg_node(cg, body, level + 1, flags);
		at_cg_indent(cg, level);
		at_buf_add(&cg->out, "}\n");
		memcpy(cg->vis, vis, sizeof(vis));
	} else {
		at_buf_add(&cg->out, "\n");
		at_cg_node(cg, body, level + 1, flags);
	}
}

/* Prints `body` as the body of a loop or if (see at_cg_body_in), with
 * braces only where C needs them. */
static void at_cg_body(struct at_cg *cg, __isl_keep isl_ast_node *body,
	int level, int flags)
{
	at_cg_body_in(cg, body, level, flags, 0);
}

/* Records a note on a generated loop for --explain (local: see
 * at_loop_note). */
static void at_cg_note(struct at_cg *cg, const char *iter, int level,
	int parallel, int omp, int local)
{
	at_loop_note *n;

	if (cg->gen->n_note == AT_MAX_NOTES)
		return;
	n = &cg->gen->notes[cg->gen->n_note++];
	snprintf(n->iter, sizeof(n->iter), "%s", iter);
	n->level = level;
	n->parallel = parallel;
	n->omp = omp;
	n->local = local;
}

/* Prints a degenerate for node (one iteration) as a block that defines
 * its iterator. */
static void at_cg_degenerate(struct at_cg *cg, __isl_keep isl_ast_node *node,
	const char *iter, __isl_keep isl_ast_node *body, int level, int flags)
{
	isl_ast_expr *e = isl_ast_node_for_get_init(node);
	int vis[AT_CG_MAX_DEPTH];

	memcpy(vis, cg->vis, sizeof(vis));
	at_cg_indent(cg, level);
	at_buf_printf(&cg->out, "{\n");
	at_cg_indent(cg, level + 1);
	at_buf_printf(&cg->out, "const %s %s = ", cg->type, iter);
	at_cg_expr(cg, &cg->out, e);
	at_buf_add(&cg->out, ";\n");
	isl_ast_expr_free(e);
	at_cg_node(cg, body, level + 1, flags);
	at_cg_indent(cg, level);
	at_buf_add(&cg->out, "}\n");
	memcpy(cg->vis, vis, sizeof(vis));
}

/* Prints the condition of the loop over `iter`: `iter <= bound` when
 * the bound is hoisted (`bound` names it), `iter < r + 1` or `iter <= r`
 * for one cheap bound r of ub, else (ub NULL) isl's condition. */
static void at_cg_for_cond(struct at_cg *cg, __isl_keep isl_ast_node *node,
	const char *iter, const char *bound, const at_cg_ub *ub)
{
	isl_ast_expr *e;

	if (bound) {
		at_buf_printf(&cg->out, "%s <= %s", iter, bound);
	} else if (ub) {
		int lt = ub->rest[0].c == -1;
		at_buf_printf(&cg->out, "%s %s ", iter, lt ? "<" : "<=");
		at_cg_lin_print(cg, &cg->out, &ub->rest[0], lt);
	} else {
		e = isl_ast_node_for_get_cond(node);
		at_cg_expr(cg, &cg->out, e);
		isl_ast_expr_free(e);
	}
}

/* Prints the header `for (init; cond; inc)` of the for node `node` (cond
 * as at_cg_for_cond prints it). */
static void at_cg_for_header(struct at_cg *cg, __isl_keep isl_ast_node *node,
	const char *iter, const char *bound, const at_cg_ub *ub)
{
	isl_ast_expr *e;

	at_buf_printf(&cg->out, "for (%s %s = ", cg->type, iter);
	e = isl_ast_node_for_get_init(node);
	at_cg_expr(cg, &cg->out, e);
	isl_ast_expr_free(e);
	at_buf_add(&cg->out, "; ");
	at_cg_for_cond(cg, node, iter, bound, ub);
	at_buf_printf(&cg->out, "; %s += ", iter);
	e = isl_ast_node_for_get_inc(node);
	at_cg_expr(cg, &cg->out, e);
	isl_ast_expr_free(e);
	at_buf_add(&cg->out, ")");
}

/* Context of at_cg_simd_stmt. */
struct at_cg_simd {
	const struct at_cg *cg;
	int unsafe;
};

/* Sets sd->unsafe when user node `node` is a statement with a subscript
 * that decreases as the iterator cg->outer grows (or that is not read as
 * affine in it): the subscripts are the access rows (at_ref) applied to
 * the node's arguments, the statement's iterators as expressions of the
 * generated ones. */
static isl_bool at_cg_simd_stmt(__isl_keep isl_ast_node *node, void *user)
{
	struct at_cg_simd *sd = user;
	const at_scop *scop = sd->cg->scop;
	int ncol = at_scop_ncol(scop), k;
	long coef[AT_MAX_DEPTH];
	isl_ast_expr *call, *name;
	const at_stmt *st;
	isl_id *id;

	if (isl_ast_node_get_type(node) != isl_ast_node_user)
		return isl_bool_true;
	call = isl_ast_node_user_get_expr(node);
	name = isl_ast_expr_op_get_arg(call, 0);
	id = isl_ast_expr_id_get_id(name);
	k = at_cg_stmt_index(sd->cg, id ? isl_id_get_name(id) : NULL);
	st = k < 0 ? NULL : &scop->stmts[k];
	if (!st || isl_ast_expr_op_get_n_arg(call) != st->n_loop + 1)
		sd->unsafe = 1;
	for (int l = 0; !sd->unsafe && l < st->n_loop; l++) {
		isl_ast_expr *a = isl_ast_expr_op_get_arg(call, l + 1);
		sd->unsafe = !a || at_cg_coef(a, sd->cg->outer, &coef[l]) < 0;
		isl_ast_expr_free(a);
	}
	for (int r = 0; !sd->unsafe && r < st->n_ref; r++)
		for (int d = 0; d < st->refs[r].n_dim; d++) {
			const long *row = st->refs[r].m + (long)d * ncol;
			long c = 0;
			for (int l = 0; l < st->n_loop; l++)
				c += row[st->loops[l]] * coef[l];
			sd->unsafe |= c < 0;
		}
	isl_id_free(id);
	isl_ast_expr_free(name);
	isl_ast_expr_free(call);
	return sd->unsafe ? isl_bool_error : isl_bool_false;
}

/* Returns 1 when `#pragma omp simd` may go on a loop with body `body`:
 * unless the loop around it is parallel, no subscript in body may
 * decrease as that loop's iterator grows.  GCC 12 at -O3 miscompiles
 * such nests, u[i][N - j] = u[i][N - j + 1] ... with simd on i inside j
 * (unroll-and-jam of the j loop; tests/gcc/simd-jam.c), which is how
 * isl prints a loop that ran backwards. */
static int at_cg_simd_safe(const struct at_cg *cg,
	__isl_keep isl_ast_node *body)
{
	struct at_cg_simd sd = { cg, 0 };

	if (!cg->outer || cg->outer_par)
		return 1;
	isl_ast_node_foreach_descendant_top_down(body, &at_cg_simd_stmt, &sd);
	return !sd.unsafe;
}

/* Returns the OpenMP pragma of a loop (0: none, 1: parallel for, 2: simd,
 * 3: none, as simd is unsafe there: at_cg_simd_safe; 4: none, as the
 * nest stays out of threads: at_scop.serial; 5: none, as private() would
 * lose a local scalar's value: `span` is 1 + its index, from
 * at_cg_before_for, 0 if none), stores in *par whether it is parallel
 * and records its note for --explain. */
static int at_cg_omp(struct at_cg *cg, const char *iter,
	__isl_keep isl_ast_node *body, int level, int flags, int span,
	int *par)
{
	int omp = 0, outer;

	*par = at_cg_loop_is_parallel(cg, iter, body);
	if (*par < 0) {
		cg->failed = 1;
		*par = 0;
	}
	/* not inside a parallel loop nor a tile */
	outer = cg->opts->parallel && *par && !flags;
	if (outer && !cg->scop->serial)
		omp = 1;
	else if (cg->opts->parallel && *par && !at_cg_has_for(body))
		omp = at_cg_simd_safe(cg, body) ? 2 : 3;
	else if (outer)
		omp = 4;
	if ((omp == 1 || omp == 2) && span)
		omp = 5;
	else
		span = 0;
	at_cg_note(cg, iter, level, *par, omp, span - 1);
	return omp;
}

/* Returns 1 if a copy of the local scalar whose accesses are `acc`
 * (instances -> its copies) is used both by an instance in `in` and by
 * one outside it, 0 if not, -1 on error. */
static int at_cg_copy_spans(__isl_keep isl_union_map *acc,
	__isl_keep isl_union_set *in)
{
	isl_union_set *inside, *both;
	isl_bool empty;

	inside = isl_union_map_range(isl_union_map_intersect_domain(
		isl_union_map_copy(acc), isl_union_set_copy(in)));
	both = isl_union_set_intersect(inside, isl_union_map_range(
		isl_union_map_subtract_domain(isl_union_map_copy(acc),
		isl_union_set_copy(in))));
	empty = isl_union_set_is_empty(both);
	isl_union_set_free(both);
	return empty < 0 ? -1 : !empty;
}

/* Returns 1 + the index of the first local scalar (at_array.local) that
 * a statement flagged in `stmts` writes and one of whose copies the
 * instances `in` (kept) share with instances outside them, 0 when there
 * is none, -1 on error. */
static int at_cg_local_spans(const struct at_cg *cg, const char *stmts,
	__isl_keep isl_union_set *in)
{
	const at_scop *scop = cg->scop;
	int i = 0, r = 0;

	for (int a = 0; !r && a < scop->n_array; a++) {
		int w = 0;
		if (!scop->arrays[a].local)
			continue;
		for (int k = 0; !w && k < scop->n_stmt; k++)
			w = stmts[k] && at_scop_stmt_refers(&scop->stmts[k],
				a, AT_WRITE);
		r = w ? at_cg_copy_spans(cg->deps->local[i], in) : 0;
		r = r > 0 ? a + 1 : r;
		i++;
	}
	return r;
}

/* isl's before_each_for callback: returns the annotation of the for node
 * about to be built, an id whose user pointer is what at_cg_local_spans
 * returns for the instances the loop runs (NULL for 0: every local the
 * loop writes keeps each copy's uses inside one of its iterations, as
 * at_cg_private needs), or NULL on error. */
static __isl_give isl_id *at_cg_before_for(__isl_keep isl_ast_build *build,
	void *user)
{
	struct at_cg *cg = user;
	struct at_cg_stmts s = { cg, calloc(cg->scop->n_stmt + 1, 1) };
	isl_union_set *in = isl_union_map_domain(
		isl_ast_build_get_schedule(build));
	isl_id *id = NULL;
	int r = -1;

	if (in && s.stmts &&
	    isl_union_set_foreach_set(in, &at_cg_mark_stmt, &s) == 0)
		r = at_cg_local_spans(cg, s.stmts, in);
	if (r >= 0)
		id = isl_id_alloc(isl_ast_build_get_ctx(build), "at_span",
			r ? (void *)(intptr_t)r : NULL);
	free(s.stmts);
	isl_union_set_free(in);
	return id;
}

/* Returns what at_cg_before_for annotated for node `node` (kept) with: 1
 * + the index of a local scalar private() would lose, or 0. */
static int at_cg_span(__isl_keep isl_ast_node *node)
{
	isl_id *id = isl_ast_node_get_annotation(node);
	int span = id ? (int)(intptr_t)isl_id_get_user(id) : 0;

	isl_id_free(id);
	return span;
}
/* Appends " private(x, ...)" naming the local scalars (at_array.local)
 * that the statements flagged in cg->stmts write, if any: a loop that
 * is parallel although it writes one runs a copy of it per iteration
 * (a write in it to a copy made outside would be carried by the loop),
 * and the local is not read after its copy's iterations. */
static void at_cg_private(struct at_cg *cg)
{
	const at_scop *scop = cg->scop;
	int n = 0;

	for (int a = 0; a < scop->n_array; a++) {
		int w = 0;
		if (!scop->arrays[a].local)
			continue;
		for (int k = 0; !w && k < scop->n_stmt; k++)
			w = cg->stmts[k] && at_scop_stmt_refers(&scop->stmts[k],
				a, AT_WRITE);
		if (w)
			at_buf_printf(&cg->out, "%s%s", n++ ? ", " : " private(",
				scop->arrays[a].name);
	}
	if (n)
		at_buf_add(&cg->out, ")");
}

/* Prints a for node: its hoisted bound, its OpenMP pragma, if any, the
 * loop. */
static void at_cg_for(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level, int flags)
{
	isl_ast_expr *it = isl_ast_node_for_get_iterator(node);
	isl_id *iid = isl_ast_expr_id_get_id(it);
	const char *iter = isl_id_get_name(iid);
	isl_ast_node *body = isl_ast_node_for_get_body(node);
	isl_ast_expr *outer = cg->outer;
	int outer_par = cg->outer_par;
	at_cg_ub ub;
	char bound[64];
	int omp, par, have, hoist;

	if (isl_ast_node_for_is_degenerate(node) == isl_bool_true) {
		at_cg_degenerate(cg, node, iter, body, level, flags);
		goto done;
	}
	have = at_cg_loop_ub(cg, node, &ub) == 0;
	hoist = have && at_cg_ub_costly(&ub);
	if (hoist)
		at_cg_decl_bound(cg, &ub, iter, at_cg_iter_depth(cg, iter),
			level, bound, sizeof(bound));
	omp = at_cg_omp(cg, iter, body, level, flags, at_cg_span(node), &par);
	if (omp == 1 || omp == 2) {
		at_cg_indent(cg, level);
		at_buf_add(&cg->out, omp == 1 ? "#pragma omp parallel for" :
			"#pragma omp simd");
		at_cg_private(cg);
		at_buf_add(&cg->out, "\n");
	}
	at_cg_indent(cg, level);
	at_cg_for_header(cg, node, iter, hoist ? bound : NULL,
		have ? &ub : NULL);
	if (have)
		at_cg_ub_clear(&ub);
	cg->outer = it;
	cg->outer_par = par;
	at_cg_body(cg, body, level,
		flags | (omp == 1 ? AT_CG_IN_PARALLEL : 0));
	cg->outer = outer;
	cg->outer_par = outer_par;
done:
	isl_ast_node_free(body);
	isl_id_free(iid);
	isl_ast_expr_free(it);
}

/* Returns 1 if `node` (kept), printed bare, ends in an if with an else:
 * it is one, or a loop or mark whose body (through further loops and
 * marks, which print nothing: seed 5000248, session 49) is one. */
static int at_cg_ends_in_else(__isl_keep isl_ast_node *node)
{
	isl_ast_node *n = isl_ast_node_copy(node);
	int r;

	while (n && (isl_ast_node_get_type(n) == isl_ast_node_for ||
		     isl_ast_node_get_type(n) == isl_ast_node_mark)) {
		isl_ast_node *body = isl_ast_node_get_type(n) ==
			isl_ast_node_for ? isl_ast_node_for_get_body(n) :
			isl_ast_node_mark_get_node(n);
		isl_ast_node_free(n);
		n = body;
	}
	r = n && isl_ast_node_get_type(n) == isl_ast_node_if &&
		isl_ast_node_if_has_else_node(n) == isl_bool_true;
	isl_ast_node_free(n);
	return r;
}

/* Prints an if node.  With an else branch, a then branch other than a
 * single statement gets braces: unbraced, an if without an else at its
 * end (`if (a) if (b) S; else T;`, or one in a loop body or at the end
 * of an else-if chain) would take the else, which C gives the nearest
 * if (seed 5000016, session 39: whole tiles skipped).  A then branch
 * that is an if, or loops around an if with an else (`if (a) for (...)
 * if (b) S; else T;`, seed 5000026, session 48), gets them too, so that
 * no else reads as ambiguous (gcc's -Wdangling-else, part of -Wall,
 * which the tests make an error). */
static void at_cg_if(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level, int flags)
{
	isl_ast_expr *cond = isl_ast_node_if_get_cond(node);
	isl_ast_node *then = isl_ast_node_if_get_then_node(node);
	int has_else = isl_ast_node_if_has_else_node(node) == isl_bool_true;
	enum isl_ast_node_type type;

	at_cg_indent(cg, level);
	at_buf_add(&cg->out, "if (");
	at_cg_expr(cg, &cg->out, cond);
	at_buf_add(&cg->out, ")");
	type = isl_ast_node_get_type(then);
	at_cg_body_in(cg, then, level, flags, type == isl_ast_node_if ||
		(has_else && type != isl_ast_node_user) ||
		at_cg_ends_in_else(then));
	if (has_else) {
		isl_ast_node *els = isl_ast_node_if_get_else_node(node);
		at_cg_indent(cg, level);
		at_buf_add(&cg->out, "else");
		at_cg_body(cg, els, level, flags);
		isl_ast_node_free(els);
	}
	isl_ast_node_free(then);
	isl_ast_expr_free(cond);
}

/* Prints any AST node at nesting `level`. */
static void at_cg_node(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level, int flags)
{
	switch (isl_ast_node_get_type(node)) {
	case isl_ast_node_for:
		at_cg_for(cg, node, level, flags);
		break;
	case isl_ast_node_if:
		at_cg_if(cg, node, level, flags);
		break;
	case isl_ast_node_block: {
		isl_ast_node_list *l = isl_ast_node_block_get_children(node);
		isl_size n = isl_ast_node_list_n_ast_node(l);
		for (int i = 0; i < n; i++) {
			isl_ast_node *c = isl_ast_node_list_get_at(l, i);
			at_cg_node(cg, c, level, flags);
			isl_ast_node_free(c);
		}
		isl_ast_node_list_free(l);
		break;
	}
	case isl_ast_node_user:
		at_cg_user(cg, node, level);
		break;
	case isl_ast_node_mark: {
		isl_ast_node *c = isl_ast_node_mark_get_node(node);
		isl_id *id = isl_ast_node_mark_get_id(node);
		int point = !strcmp(isl_id_get_name(id), AT_MARK_POINT);
		at_cg_node(cg, c, level, flags | (point ? AT_CG_IN_POINT : 0));
		isl_id_free(id);
		isl_ast_node_free(c);
		break;
	}
	default:
		cg->failed = 1;
	}
}

/* Returns 1 if any of the n entries of `row` is AT_CG_BIG_CONST or more in
 * magnitude. */
static int at_cg_row_big(const long *row, int n)
{
	for (int c = 0; c < n; c++)
		if (row[c] >= AT_CG_BIG_CONST || row[c] <= -AT_CG_BIG_CONST)
			return 1;
	return 0;
}

/* Returns 1 if one of the nb bounds b (rows of n entries) has an entry or
 * divisor of AT_CG_BIG_CONST or more in magnitude. */
static int at_cg_bounds_big(const at_bound *b, int nb, int n)
{
	for (int k = 0; k < nb; k++)
		if (at_cg_row_big(b[k].row, n) || at_cg_row_big(&b[k].den, 1))
			return 1;
	return 0;
}

/* Returns 1 if a loop bound, step, affine `if` condition or subscript of
 * scop has a coefficient or constant of AT_CG_BIG_CONST or more in
 * magnitude. */
static int at_cg_big_consts(const at_scop *scop)
{
	int n = at_scop_ncol(scop);

	for (int s = 0; s < scop->n_stmt; s++)
		for (int r = 0; r < scop->stmts[s].n_ref; r++) {
			const at_ref *rf = &scop->stmts[s].refs[r];

			if (at_cg_row_big(rf->m, rf->n_dim * n))
				return 1;
		}

	for (int i = 0; i < scop->n_loop; i++) {
		const at_loop *l = &scop->loops[i];
		if (at_cg_row_big(&l->step, 1) ||
		    at_cg_bounds_big(l->lb, l->n_lb, n) ||
		    at_cg_bounds_big(l->ub, l->n_ub, n))
			return 1;
	}
	for (int s = 0; s < scop->n_stmt; s++)
		for (int k = 0; k < scop->stmts[s].n_cond; k++)
			if (at_cg_row_big(scop->stmts[s].cond[k], n))
				return 1;
	return 0;
}

/* Returns 1 if a parameter's known value is a big constant (a macro
 * such as `#define BIG 2147483647` or INT_MAX, kept by name in the
 * bounds, where `2 * BIG - 3` overflows int unless the constants are
 * long). */
static int at_cg_big_hints(const at_scop *scop)
{
	for (int p = 0; scop->hint && p < scop->n_param; p++)
		if (scop->hint[p] != AT_SCOP_UNKNOWN &&
		    (scop->hint[p] >= AT_CG_BIG_CONST ||
		     scop->hint[p] <= -AT_CG_BIG_CONST))
			return 1;
	return 0;
}

/* Returns the C type for generated iterators, hoisted bounds and the
 * bound helpers they call: long if any original iterator or parameter
 * is wider than int or unsigned, or if the nest holds a big constant
 * (`big`, at_cg_big_consts and at_cg_big_hints), else int. */
static const char *at_cg_type(const at_scop *scop, int big)
{
	for (int i = 0; i < scop->n_loop; i++)
		if (strcmp(scop->loops[i].type, "int") != 0)
			return "long";
	return big || scop->wide_param ? "long" : "int";
}

/* Returns 1 if `node` is a mark node named AT_MARK_POINT. */
static int at_cg_is_point_mark(__isl_keep isl_schedule_node *node)
{
	isl_id *id;
	int r;

	if (isl_schedule_node_get_type(node) != isl_schedule_node_mark)
		return 0;
	id = isl_schedule_node_mark_get_id(node);
	r = id && !strcmp(isl_id_get_name(id), AT_MARK_POINT);
	isl_id_free(id);
	return r;
}

/* Returns 1 if the band `node` holds the point loops of a tile (it sits
 * under an AT_MARK_POINT mark), 0 if not. */
static int at_cg_is_point_band(__isl_keep isl_schedule_node *node)
{
	isl_schedule_node *parent;
	int r;

	if (isl_schedule_node_has_parent(node) != isl_bool_true)
		return 0;
	parent = isl_schedule_node_parent(isl_schedule_node_copy(node));
	r = parent && at_cg_is_point_mark(parent);
	isl_schedule_node_free(parent);
	return r;
}

/* Returns 1 if the band `node` holds the tile loops of a tile (its child
 * is an AT_MARK_POINT mark), 0 if not. */
static int at_cg_is_tile_band(__isl_keep isl_schedule_node *node)
{
	isl_schedule_node *child;
	int r;

	if (isl_schedule_node_n_children(node) != 1)
		return 0;
	child = isl_schedule_node_get_child(node, 0);
	r = child && at_cg_is_point_mark(child);
	isl_schedule_node_free(child);
	return r;
}

/* Chooses how isl generates the loops of one band (callback of
 * at_cg_loop_types): the point loops of a tile are `separate`, the tile
 * loops `atomic`; other bands keep isl's default. */
static __isl_give isl_schedule_node *at_cg_loop_type(
	__isl_take isl_schedule_node *node, void *user)
{
	enum isl_ast_loop_type type;
	isl_size n;

	(void)user;
	if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
		return node;
	if (at_cg_is_point_band(node))
		type = isl_ast_loop_separate;
	else if (at_cg_is_tile_band(node))
		type = isl_ast_loop_atomic;
	else
		return node;
	n = isl_schedule_node_band_n_member(node);
	for (int m = 0; m < n; m++)
		node = isl_schedule_node_band_member_set_ast_loop_type(node, m,
			type);
	return node;
}

/* Returns `sched` with the AST loop types of its tiles set.
 *
 * Point loops are `separate`: isl splits each one into the pieces on
 * which the same statements run, so that full tiles and the middle of a
 * boundary tile get a loop without guards, which the compiler vectorizes
 * (heat-3d, jacobi-1d/2d: the shifted statements of a fused time step
 * otherwise put an `if` around each statement of the innermost loop).
 * Tile loops are `atomic`: one loop per tile dimension over all statements
 * instead of one per combination of statements at the tile level, which
 * keeps code size and isl's AST build time down (fdtd-2d: 1.1 s -> 0.45 s,
 * 171 -> 109 lines) at no measured cost.  The schedule itself (the order
 * of the instances) does not change. */
static __isl_give isl_schedule *at_cg_loop_types(
	__isl_take isl_schedule *sched)
{
	return isl_schedule_map_schedule_node_bottom_up(sched,
		&at_cg_loop_type, NULL);
}

/* Returns the schedule given to the AST builder (see at_codegen.h). */
__isl_give isl_schedule *at_codegen_ast_schedule(const at_cand *cand)
{
	return at_cg_loop_types(isl_schedule_copy(cand->schedule));
}

/* Returns a builder with the scop's context and named iterators. */
static __isl_give isl_ast_build *at_cg_build(isl_ctx *ctx,
	const at_scop *scop, const at_cg_opts *opts)
{
	isl_ast_build *build;
	isl_id_list *names = isl_id_list_alloc(ctx, AT_CG_MAX_DEPTH);
	char name[32];

	for (int i = 0; i < AT_CG_MAX_DEPTH; i++) {
		snprintf(name, sizeof(name), "%s%d", opts->iter_prefix, i);
		names = isl_id_list_add(names, isl_id_alloc(ctx, name, NULL));
	}
	build = isl_ast_build_from_context(at_scop_context(ctx, scop));
	return isl_ast_build_set_iterators(build, names);
}

/* Declares the local scalars at the top of the generated block: their
 * declarations became assignments (at_stmt.decl), and a schedule that
 * passed at_deps_is_legal uses one variable for every copy in turn. */
static void at_cg_locals(struct at_cg *cg)
{
	const at_scop *scop = cg->scop;

	for (int a = 0; a < scop->n_array; a++)
		if (scop->arrays[a].local) {
			at_cg_indent(cg, 1);
			at_buf_printf(&cg->out, "%s %s;\n",
				scop->arrays[a].elem_type, scop->arrays[a].name);
		}
}

/* Appends the nest's loops without their statements (at_scop.restore),
 * when it has them, at the end of the generated block: they leave the
 * iterators declared outside the nest as the nest as written does. */
static void at_cg_restore(struct at_cg *cg)
{
	if (!cg->scop->restore)
		return;
	at_cg_indent(cg, 1);
	at_buf_add(&cg->out, "/* autotile: the loops as written, without "
		"their statements: they leave the iterators declared outside "
		"the nest as it does */\n");
	at_cg_indent(cg, 1);
	at_buf_add(&cg->out, cg->scop->restore);
	at_buf_add(&cg->out, "\n");
}

/* Appends to b the C expression of pw_aff pa (taken), aligned with the
 * parameters of `context` (kept), as isl's AST builder writes it (no
 * parentheses around it).
 * Returns 0, or -1 on error. */
static int at_cg_pw_aff(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_build *build, __isl_keep isl_set *context,
	__isl_take isl_pw_aff *pa)
{
	isl_ast_expr *e;

	pa = isl_pw_aff_align_params(pa, isl_set_get_space(context));
	e = pa ? isl_ast_build_expr_from_pw_aff(build, pa) : NULL;
	if (!e)
		return -1;
	at_cg_expr(cg, b, e);
	isl_ast_expr_free(e);
	return 0;
}

/* Appends to b the address of element `at` (taken) of row 0 of array a
 * (at_array.split; the element itself when a is not split), or one past
 * it with end != 0, as an integer: "at_addr(a, (long long)(i + 1) * n,
 * sizeof(*a))", n the product of the row lengths.  Returns 0 or -1. */
static int at_cg_address(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_build *build, __isl_keep isl_set *context, int a,
	__isl_take isl_pw_aff *at, int end)
{
	const at_array *ar = &cg->scop->arrays[a];

	if (end)
		at = isl_pw_aff_add_constant_val(at,
			isl_val_one(isl_pw_aff_get_ctx(at)));
	at_buf_printf(b, "at_addr(%s, %s", ar->name, ar->split ?
		"(long long)(" : "");
	if (at_cg_pw_aff(cg, b, build, context, at) < 0)
		return -1;
	at_buf_add(b, ar->split ? ")" : "");
	for (int d = 1; d <= ar->split; d++)
		at_buf_printf(b, " * %s", cg->scop->params[ar->dim_param[d]]);
	at_buf_printf(b, ", sizeof(*%s))", ar->name);
	return 0;
}

/* Sets ends[2 * a] and ends[2 * a + 1] to the C text of the first
 * address and of the one past the last that the nest accesses of each
 * array a of an alias pair (at_scop_extent, at_cg_address), once per
 * array.  Returns 0, or -1 on error. */
static int at_cg_ends(isl_ctx *ctx, struct at_cg *cg,
	__isl_keep isl_ast_build *build, __isl_keep isl_set *context,
	char **ends)
{
	const at_scop *scop = cg->scop;

	for (int i = 0; i < 2 * scop->n_alias; i++) {
		int a = scop->alias[i / 2][i % 2];
		isl_pw_aff *lo, *hi;
		at_buf b[2] = { { 0 }, { 0 } };
		int r;

		if (ends[2 * a])
			continue;
		if (at_scop_extent(ctx, scop, a, &lo, &hi) < 0)
			return -1;
		r = at_cg_address(cg, &b[0], build, context, a, lo, 0);
		r |= at_cg_address(cg, &b[1], build, context, a, hi, 1);
		ends[2 * a] = at_buf_take(&b[0]);
		ends[2 * a + 1] = at_buf_take(&b[1]);
		if (r < 0 || !ends[2 * a] || !ends[2 * a + 1])
			return -1;
	}
	return 0;
}

/* Returns the C condition under which the transformed nest of a
 * versioned scop runs: its checks in C (at_scop.dguard, at_scop.uguard),
 * its guard (at_scop.guard, as isl's AST builder writes it) and, for each
 * pair of at_scop.alias, that the elements the nest accesses of the two
 * arrays do not overlap.  NULL on error. */
static char *at_cg_version_cond(isl_ctx *ctx, struct at_cg *cg)
{
	const at_scop *scop = cg->scop;
	isl_ast_build *build = at_cg_build(ctx, scop, cg->opts);
	isl_set *context = at_scop_context(ctx, scop);
	char **ends = calloc(2 * (size_t)scop->n_array + 1, sizeof *ends);
	at_buf b = { 0 };
	int r = build && context && ends ? 0 : -1;
	const char *text[2] = { scop->dguard, scop->uguard };
	int paren = (scop->guard != NULL) + (scop->uguard != NULL) +
		(scop->dguard != NULL) + scop->n_alias > 1;

	/* before the rest: that reads (long)n */
	for (int i = 0; !r && i < 2; i++)
		if (text[i])
			at_buf_printf(&b, "%s%s%s%s", b.len ? " &&\n" : "",
				paren ? "(" : "", text[i], paren ? ")" : "");
	if (!r && scop->guard) {
		isl_set *set = isl_set_read_from_str(ctx, scop->guard);
		isl_ast_expr *e;

		set = isl_set_align_params(set, isl_set_get_space(context));
		e = set ? isl_ast_build_expr_from_set(build, set) : NULL;
		if (e) {	/* in long: 5 * m wraps in int at extreme m */
			const char *type = cg->type, *lit = cg->lit;

			cg->type = "long";
			cg->lit = "L";
			cg->cast_ids = 1;
			at_buf_add(&b, b.len ? " &&\n" : "");
			at_buf_add(&b, paren ? "(" : "");
			at_cg_expr(cg, &b, e);
			at_buf_add(&b, paren ? ")" : "");
			cg->type = type;
			cg->lit = lit;
			cg->cast_ids = 0;
		}
		r = e ? 0 : -1;
		isl_ast_expr_free(e);
	}
	if (!r)
		r = at_cg_ends(ctx, cg, build, context, ends);
	for (int i = 0; !r && i < scop->n_alias; i++) {	/* disjoint */
		int x = scop->alias[i][0], y = scop->alias[i][1];

		at_buf_printf(&b, "%s%s%s <= %s ||\n  %s <= %s%s",
			b.len ? " &&\n" : "",
			paren ? "(" : "",
			ends[2 * x + 1], ends[2 * y], ends[2 * y + 1],
			ends[2 * x], paren ? ")" : "");
	}
	for (int a = 0; ends && a < 2 * scop->n_array; a++)
		free(ends[a]);
	free(ends);
	isl_ast_build_free(build);
	isl_set_free(context);
	if (r < 0) {
		at_buf_clear(&b);
		return NULL;
	}
	return at_buf_take(&b);
}

/* Appends to b, after " and " unless it is the first (*n counts them),
 * the reason `why` when `on`. */
static void at_cg_why(at_buf *b, int on, const char *why, int *n)
{
	if (on)
		at_buf_printf(b, "%s%s", (*n)++ ? " and " : "", why);
}

/* Appends the comment above a versioned nest's check to b: what the
 * check makes sure of, in the order at_cg_version_cond checks it. */
static void at_cg_version_why(at_buf *b, const at_scop *scop)
{
	int w = scop->guard ? scop->guard_why : 0, n = 0;

	at_buf_printf(b, "%s/* autotile: the transformed nest when ",
		scop->indent);
	at_cg_why(b, scop->dguard != NULL, "the divisors in the bounds have "
		"the values autotile read", &n);
	at_cg_why(b, scop->uguard != NULL, "the unsigned parameters are at "
		"most LONG_MAX", &n);
	at_cg_why(b, w & AT_GUARD_SPLIT, "every linearized subscript stays "
		"in its row", &n);
	at_cg_why(b, w & AT_GUARD_DIV, "the divisions in the bounds round as "
		"C does", &n);
	at_cg_why(b, scop->n_alias > 0, "the arrays that may alias do not "
		"overlap", &n);
	at_buf_printf(b, ", the nest as written otherwise */\n%sif (",
		scop->indent);
}

/* Wraps the generated text of a versioned nest (at_scop_versioned): the
 * text runs under at_cg_version_cond, the nest as written otherwise.
 * Returns 0, or -1 on error. */
static int at_cg_version(isl_ctx *ctx, struct at_cg *cg)
{
	const at_scop *scop = cg->scop;
	char *cond = at_cg_version_cond(ctx, cg);
	at_buf b = { 0 };

	if (!cond)
		return -1;
	at_cg_version_why(&b, scop);
	for (const char *p = cond; *p; p++) {	/* one check per line */
		at_buf_addn(&b, p, 1);
		if (*p == '\n')
			at_buf_printf(&b, "%s    ", scop->indent);
	}
	free(cond);
	at_buf_add(&b, ") {\n");
	at_buf_addn(&b, cg->out.s, cg->out.len);
	at_buf_printf(&b, "%s} else {\n%s\n%s}\n", scop->indent,
		scop->written, scop->indent);
	at_buf_clear(&cg->out);
	cg->out = b;
	return at_buf_failed(&b) ? -1 : 0;
}

/* Builds the AST of cand with isl's single upper bounds (`aub`) or
 * without, and prints it into cg->out.  Returns 0, or -1 on an isl or
 * printing error. */
static int at_cg_generate(isl_ctx *ctx, struct at_cg *cg,
	const at_cand *cand, int aub)
{
	const at_scop *scop = cg->scop;
	isl_ast_build *build;
	isl_ast_node *tree;
	int block, old = isl_options_get_ast_build_atomic_upper_bound(ctx);

	isl_options_set_ast_build_atomic_upper_bound(ctx, aub);
	build = at_cg_build(ctx, scop, cg->opts);
	if (cg->deps->n_local)
		build = isl_ast_build_set_before_each_for(build,
			&at_cg_before_for, cg);
	tree = isl_ast_build_node_from_schedule(build,
		at_codegen_ast_schedule(cand));
	isl_ast_build_free(build);
	isl_options_set_ast_build_atomic_upper_bound(ctx, old);
	if (!tree)
		return -1;
	/* one statement, as the nest as written is (it may be the body of
	 * a loop or an `if` without braces) */
	block = isl_ast_node_get_type(tree) == isl_ast_node_block ||
		at_cg_starts_with_decl(cg, tree) || at_scop_n_local(scop) > 0 ||
		scop->unused || scop->restore;
	at_cg_indent(cg, 0);
	at_buf_printf(&cg->out, "/* autotile: %s */\n", cand->desc);
	if (block) {
		at_cg_indent(cg, 0);
		at_buf_add(&cg->out, "{\n");
	}
	if (scop->unused) {	/* before the locals that may shadow them */
		at_cg_indent(cg, 1);
		at_buf_printf(&cg->out, "%s /* autotile: used by the nest as "
			"written only */\n", scop->unused);
	}
	at_cg_locals(cg);
	at_cg_node(cg, tree, block, 0);
	at_cg_restore(cg);
	if (block) {
		at_cg_indent(cg, 0);
		at_buf_add(&cg->out, "}\n");
	}
	isl_ast_node_free(tree);
	return cg->failed || at_buf_failed(&cg->out) ? -1 : 0;
}

/* Puts the generated text in a block that starts with the copies of
 * the struct members the nest reads as parameters (at_scop.hoist), read
 * once before the loops (and the version check) use them.  Returns 0, or
 * -1 when out of memory. */
static int at_cg_hoist(struct at_cg *cg)
{
	const at_scop *scop = cg->scop;
	at_buf b = { 0 };

	at_buf_printf(&b, "%s{\n%s  %s /* autotile: the members the nest "
		"reads, read once */\n", scop->indent, scop->indent,
		scop->hoist);
	at_buf_addn(&b, cg->out.s, cg->out.len);
	at_buf_printf(&b, "%s}\n", scop->indent);
	at_buf_clear(&cg->out);
	cg->out = b;
	return at_buf_failed(&b) ? -1 : 0;
}

/* Generates the C text of a candidate (see at_codegen.h).
 *
 * The AST is built without isl's single upper bounds, which codegen
 * computes itself (codegen_int.h); when a loop condition has a form it
 * does not read, the AST is built again with them (and a condition still
 * unread is printed as isl gives it). */
int at_codegen(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_cand *cand, const at_cg_opts *opts, at_gen *gen)
{
	int big = at_cg_big_consts(scop) || at_cg_big_hints(scop);
	struct at_cg cg = { scop, deps, opts, at_cg_type(scop, big),
		big ? "L" : "", gen, { 0 }, 0,
		0, 0, 0, NULL, NULL, NULL, { 0 }, NULL, 0,
		at_scop_versioned(scop), 0, scop->wide_param };

	memset(gen, 0, sizeof(*gen));
	if (at_cg_par_init(&cg, cand->schedule) < 0 ||
	    at_cg_generate(ctx, &cg, cand, 0) < 0)
		goto error;
	if (cg.bound_failed) {
		at_buf_clear(&cg.out);
		memset(cg.vis, 0, sizeof(cg.vis));
		gen->n_note = 0;
		if (at_cg_generate(ctx, &cg, cand, 1) < 0)
			goto error;
	}
	if (at_scop_versioned(scop) && at_cg_version(ctx, &cg) < 0)
		goto error;
	if (scop->hoist && at_cg_hoist(&cg) < 0)
		goto error;
	cg.out.s[--cg.out.len] = '\0';	/* the nest's own newline follows */
	gen->text = at_buf_take(&cg.out);
	at_cg_par_clear(&cg);
	return gen->text ? 0 : -1;
error:
	at_cg_par_clear(&cg);
	at_buf_clear(&cg.out);
	if (!isl_ctx_aborted(ctx))
		at_diag(&scop->loc, AT_ERROR, "internal: code generation "
			"failed");
	return -1;
}

/* Frees the generated text. */
void at_gen_clear(at_gen *gen)
{
	free(gen->text);
	memset(gen, 0, sizeof(*gen));
}
