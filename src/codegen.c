/*
 * codegen.c — stage 7: isl AST -> C text, with OpenMP pragmas on loops
 * proved parallel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "at_codegen.h"
#include "at_buf.h"
#include "at_diag.h"

/* Where a node is, for the choice of OpenMP pragmas. */
#define AT_CG_IN_PARALLEL 1	/* inside a `parallel for` loop */
#define AT_CG_IN_POINT 2	/* inside the point loops of a tile */

/* Per-loop annotation attached by the AST builder's before-for hook. */
struct at_cg_loop {
	int parallel;
};

/* State of one generation. */
struct at_cg {
	const at_scop *scop;
	const at_deps *deps;
	const at_cg_opts *opts;
	const char *type;	/* C type of the generated iterators */
	at_gen *gen;
	at_buf out;
	int failed;
};

/* Returns the helper definitions emitted once per output file. */
const char *at_codegen_helpers(void)
{
	return
	"#ifndef AT_HELPERS_DEFINED\n"
	"#define AT_HELPERS_DEFINED\n"
	"/* autotile: integer helpers for generated loop bounds (d > 0) */\n"
	"static inline long at_floord(long n, long d) "
	"{ return n >= 0 ? n / d : -((-n + d - 1) / d); }\n"
	"static inline long at_ceild(long n, long d) "
	"{ return n >= 0 ? (n + d - 1) / d : -(-n / d); }\n"
	"static inline long at_min(long a, long b) { return a < b ? a : b; }\n"
	"static inline long at_max(long a, long b) { return a > b ? a : b; }\n"
	"#endif\n";
}

/* Decides, when isl is about to generate a loop, whether the loop is
 * parallel (exact test on the schedule up to and including it). */
static __isl_give isl_id *at_cg_before_for(__isl_keep isl_ast_build *build,
	void *user)
{
	struct at_cg *cg = user;
	struct at_cg_loop *info = calloc(1, sizeof(*info));
	isl_union_map *partial = isl_ast_build_get_schedule(build);
	isl_id *id;
	int par;

	par = partial ? at_deps_is_parallel(cg->deps, partial) : -1;
	isl_union_map_free(partial);
	if (par < 0 || !info)
		cg->failed = 1;
	if (info)
		info->parallel = par == 1;
	id = isl_id_alloc(isl_ast_build_get_ctx(build), "at_loop", info);
	return isl_id_set_free_user(id, &free);
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
 * `min` (the operator's own precedence, plus one on the right side). */
static void at_cg_arg(struct at_cg *cg, at_buf *b, __isl_keep isl_ast_expr *e,
	int i, int min)
{
	isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
	int paren = at_cg_prec(a) < min;

	if (paren)
		at_buf_add(b, "(");
	at_cg_expr(cg, b, a);
	if (paren)
		at_buf_add(b, ")");
	isl_ast_expr_free(a);
}

/* Prints an n-ary min/max as nested calls of the helper `fn`. */
static void at_cg_minmax(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_expr *e, const char *fn)
{
	isl_size n = isl_ast_expr_op_get_n_arg(e);

	for (int i = 0; i < n - 1; i++)
		at_buf_printf(b, "%s(", fn);
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

/* Prints an operation expression. */
static void at_cg_op(struct at_cg *cg, at_buf *b, __isl_keep isl_ast_expr *e)
{
	enum isl_ast_expr_op_type t = isl_ast_expr_op_get_type(e);
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
			"at_min" : "at_max");
	} else if (t == isl_ast_expr_op_fdiv_q) {
		at_buf_add(b, "at_floord(");
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

/* Prints an AST expression in C. */
static void at_cg_expr(struct at_cg *cg, at_buf *b,
	__isl_keep isl_ast_expr *e)
{
	switch (isl_ast_expr_get_type(e)) {
	case isl_ast_expr_id: {
		isl_id *id = isl_ast_expr_id_get_id(e);
		at_buf_add(b, isl_id_get_name(id));
		isl_id_free(id);
		break;
	}
	case isl_ast_expr_int: {
		isl_val *v = isl_ast_expr_int_get_val(e);
		char *s = isl_val_to_str(v);
		at_buf_add(b, s ? s : "0");
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
	for (int i = 0; i < level; i++)
		at_buf_add(&cg->out, "  ");
}

/* Prints a statement instance: the statement's original text with each
 * iterator replaced by its expression (argument p+1 of the call). */
static void at_cg_user(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level)
{
	isl_ast_expr *call = isl_ast_node_user_get_expr(node);
	isl_ast_expr *name = isl_ast_expr_op_get_arg(call, 0);
	isl_id *id = isl_ast_expr_id_get_id(name);
	int k = id ? atoi(isl_id_get_name(id) + 1) : -1;
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
		int p = at_scop_stmt_dim(s, s->uses[u].loop);
		isl_ast_expr *arg;
		if (p < 0 || s->uses[u].off < pos) {
			cg->failed = 1;
			break;
		}
		at_buf_addn(&cg->out, s->text + pos, s->uses[u].off - pos);
		arg = isl_ast_expr_op_get_arg(call, p + 1);
		at_buf_add(&cg->out, "(");
		at_cg_expr(cg, &cg->out, arg);
		at_buf_add(&cg->out, ")");
		isl_ast_expr_free(arg);
		pos = s->uses[u].off + s->uses[u].len;
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

/* Prints `body` as the body of a loop or if: a block gets braces. */
static void at_cg_body(struct at_cg *cg, __isl_keep isl_ast_node *body,
	int level, int flags)
{
	int block = at_cg_is_block(body);

	if (block) {
		at_buf_add(&cg->out, " {\n");
		at_cg_node(cg, body, level + 1, flags);
		at_cg_indent(cg, level);
		at_buf_add(&cg->out, "}\n");
	} else {
		at_buf_add(&cg->out, "\n");
		at_cg_node(cg, body, level + 1, flags);
	}
}

/* Records a note on a generated loop for --explain. */
static void at_cg_note(struct at_cg *cg, const char *iter, int level,
	int parallel, int omp)
{
	at_loop_note *n;

	if (cg->gen->n_note == AT_MAX_NOTES)
		return;
	n = &cg->gen->notes[cg->gen->n_note++];
	snprintf(n->iter, sizeof(n->iter), "%s", iter);
	n->level = level;
	n->parallel = parallel;
	n->omp = omp;
}

/* Prints a for node with its OpenMP pragma, if any. */
static void at_cg_for(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level, int flags)
{
	isl_id *anno = isl_ast_node_get_annotation(node);
	struct at_cg_loop *info = anno ? isl_id_get_user(anno) : NULL;
	isl_ast_expr *it = isl_ast_node_for_get_iterator(node);
	isl_id *iid = isl_ast_expr_id_get_id(it);
	const char *iter = isl_id_get_name(iid);
	isl_ast_node *body = isl_ast_node_for_get_body(node);
	isl_ast_expr *e;
	int par = info && info->parallel, omp = 0;

	if (isl_ast_node_for_is_degenerate(node) == isl_bool_true) {
		e = isl_ast_node_for_get_init(node);
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
		goto done;
	}
	if (cg->opts->parallel && par && !flags)
		omp = 1;	/* not inside a parallel loop nor a tile */
	else if (cg->opts->parallel && par && !at_cg_has_for(body))
		omp = 2;
	at_cg_note(cg, iter, level, par, omp);
	if (omp) {
		at_cg_indent(cg, level);
		at_buf_add(&cg->out, omp == 1 ? "#pragma omp parallel for\n" :
			"#pragma omp simd\n");
	}
	at_cg_indent(cg, level);
	at_buf_printf(&cg->out, "for (%s %s = ", cg->type, iter);
	e = isl_ast_node_for_get_init(node);
	at_cg_expr(cg, &cg->out, e);
	isl_ast_expr_free(e);
	at_buf_add(&cg->out, "; ");
	e = isl_ast_node_for_get_cond(node);
	at_cg_expr(cg, &cg->out, e);
	isl_ast_expr_free(e);
	at_buf_printf(&cg->out, "; %s += ", iter);
	e = isl_ast_node_for_get_inc(node);
	at_cg_expr(cg, &cg->out, e);
	isl_ast_expr_free(e);
	at_buf_add(&cg->out, ")");
	at_cg_body(cg, body, level,
		flags | (omp == 1 ? AT_CG_IN_PARALLEL : 0));
done:
	isl_ast_node_free(body);
	isl_id_free(iid);
	isl_ast_expr_free(it);
	isl_id_free(anno);
}

/* Prints an if node. */
static void at_cg_if(struct at_cg *cg, __isl_keep isl_ast_node *node,
	int level, int flags)
{
	isl_ast_expr *cond = isl_ast_node_if_get_cond(node);
	isl_ast_node *then = isl_ast_node_if_get_then_node(node);

	at_cg_indent(cg, level);
	at_buf_add(&cg->out, "if (");
	at_cg_expr(cg, &cg->out, cond);
	at_buf_add(&cg->out, ")");
	at_cg_body(cg, then, level, flags);
	if (isl_ast_node_if_has_else_node(node) == isl_bool_true) {
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

/* Returns the C type for generated iterators: long if any original
 * iterator is wider than int or unsigned, else int. */
static const char *at_cg_type(const at_scop *scop)
{
	for (int i = 0; i < scop->n_loop; i++)
		if (strcmp(scop->loops[i].type, "int") != 0)
			return "long";
	return "int";
}

/* Returns a builder with the scop's context and named iterators. */
static __isl_give isl_ast_build *at_cg_build(isl_ctx *ctx,
	const at_scop *scop, const at_cg_opts *opts, struct at_cg *cg)
{
	isl_ast_build *build;
	isl_id_list *names = isl_id_list_alloc(ctx, 64);
	char name[32];

	for (int i = 0; i < 64; i++) {
		snprintf(name, sizeof(name), "%s%d", opts->iter_prefix, i);
		names = isl_id_list_add(names, isl_id_alloc(ctx, name, NULL));
	}
	build = isl_ast_build_from_context(at_scop_context(ctx, scop));
	build = isl_ast_build_set_iterators(build, names);
	return isl_ast_build_set_before_each_for(build, &at_cg_before_for, cg);
}

/* Generates the C text of a candidate (see at_codegen.h). */
int at_codegen(isl_ctx *ctx, const at_scop *scop, const at_deps *deps,
	const at_cand *cand, const at_cg_opts *opts, at_gen *gen)
{
	struct at_cg cg = { scop, deps, opts, at_cg_type(scop), gen, { 0 }, 0 };
	isl_ast_build *build = at_cg_build(ctx, scop, opts, &cg);
	isl_ast_node *tree;
	int block;

	memset(gen, 0, sizeof(*gen));
	tree = isl_ast_build_node_from_schedule(build,
		isl_schedule_copy(cand->schedule));
	isl_ast_build_free(build);
	if (!tree)
		goto error;
	block = isl_ast_node_get_type(tree) == isl_ast_node_block;
	at_buf_printf(&cg.out, "%s/* autotile: %s */\n", scop->indent,
		cand->desc);
	if (block)
		at_buf_printf(&cg.out, "%s{\n", scop->indent);
	at_cg_node(&cg, tree, block, 0);
	if (block)
		at_buf_printf(&cg.out, "%s}\n", scop->indent);
	isl_ast_node_free(tree);
	if (cg.failed || at_buf_failed(&cg.out))
		goto error;
	cg.out.s[--cg.out.len] = '\0';	/* the nest's own newline follows */
	gen->text = at_buf_take(&cg.out);
	return gen->text ? 0 : -1;
error:
	at_buf_clear(&cg.out);
	at_diag(&scop->loc, AT_ERROR, "internal: code generation failed");
	return -1;
}

/* Frees the generated text. */
void at_gen_clear(at_gen *gen)
{
	free(gen->text);
	memset(gen, 0, sizeof(*gen));
}
