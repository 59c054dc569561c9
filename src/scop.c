/*
 * scop.c — stage 2: the at_scop as isl objects (domains, accesses, original
 * schedule), and the scop's own memory management.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/options.h>
#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/map.h>
#include <isl/union_set.h>
#include <isl/union_map.h>
#include <isl/val.h>
#include <isl/space.h>

#include "at_scop.h"
#include "at_diag.h"
#include "at_buf.h"

/* Returns the number of columns of every affine row: loops, params, 1. */
int at_scop_ncol(const at_scop *scop)
{
	return scop->n_loop + scop->n_param + 1;
}

/* Frees one statement's owned memory (not the struct itself). */
static void at_stmt_clear(at_stmt *s)
{
	for (int r = 0; r < s->n_ref; r++)
		free(s->refs[r].m);
	free(s->refs);
	free(s->uses);
	for (int c = 0; c < s->n_cond; c++)
		free(s->cond[c]);
	free(s->cond);
	free(s->text);
}

/* Frees one loop's owned memory (not the struct itself). */
static void at_loop_clear(at_loop *l)
{
	for (int k = 0; k < l->n_lb; k++)
		free(l->lb[k].row);
	for (int k = 0; k < l->n_ub; k++)
		free(l->ub[k].row);
	free(l->lb);
	free(l->ub);
	free(l->iter);
	free(l->type);
}

/* Frees the scop and everything it owns; NULL is a no-op. */
void at_scop_free(at_scop *scop)
{
	if (!scop)
		return;
	for (int i = 0; i < scop->n_loop; i++)
		at_loop_clear(&scop->loops[i]);
	free(scop->loops);
	for (int i = 0; i < scop->n_param; i++)
		free(scop->params[i]);
	free(scop->params);
	for (int i = 0; i < scop->n_array; i++) {
		free(scop->arrays[i].name);
		free(scop->arrays[i].elem_type);
	}
	free(scop->arrays);
	for (int i = 0; i < scop->n_stmt; i++)
		at_stmt_clear(&scop->stmts[i]);
	free(scop->stmts);
	free(scop->clauses);
	free(scop->indent);
	free(scop->hint);
	free(scop->restore);
	free(scop->unused);
	free(scop->guard);
	free(scop->written);
	free(scop->uguard);
	free(scop->dguard);
	free(scop->hoist);
	free(scop->alias);
	free(scop->memo);	/* off: at_scop_memo_off came before */
	free(scop);
}

/* Names isl's parser treats as keywords: a parameter or array with one of
 * these names cannot be written in isl's text syntax. */
static const char *at_scop_isl_keywords[] = {
	"and", "or", "xor", "not", "implies", "exists", "floor", "ceil", "mod",
	"min", "max", "infty", "NaN", "rat", "true", "false", "domain", "range",
	"cst", "lb", "ub", NULL
};

/* See at_scop.h. */
int at_scop_is_keyword(const char *name)
{
	for (int k = 0; at_scop_isl_keywords[k]; k++)
		if (strcmp(name, at_scop_isl_keywords[k]) == 0)
			return 1;
	return name[0] == 'S' && name[1] >= '0' && name[1] <= '9';
}

/* Returns the position of global loop `g` among the loops of `s`, or -1. */
int at_scop_stmt_dim(const at_stmt *s, int g)
{
	for (int p = 0; p < s->n_loop; p++)
		if (s->loops[p] == g)
			return p;
	return -1;
}

/* Returns whether statement a comes before b as a reference (see
 * at_scop.h). */
int at_scop_ref_before(const at_scop *scop, int a, int b)
{
	int da = scop->stmts[a].n_loop;

	return b < 0 || da > scop->stmts[b].n_loop ||
		(da == scop->stmts[b].n_loop && a < b);
}

/* Returns whether the scop's transformed nest runs under a check (see
 * at_scop.h). */
int at_scop_versioned(const at_scop *scop)
{
	return scop->guard || scop->uguard || scop->dguard || scop->n_alias;
}

/* Returns the first deepest statement of scop (see at_scop.h). */
int at_scop_ref_stmt(const at_scop *scop)
{
	int ref = 0;

	for (int k = 1; k < scop->n_stmt; k++)
		if (at_scop_ref_before(scop, k, ref))
			ref = k;
	return ref;
}

/* Returns whether s refers to array a with one of `kinds` (see
 * at_scop.h). */
int at_scop_stmt_refers(const at_stmt *s, int a, int kinds)
{
	for (int r = 0; r < s->n_ref; r++)
		if (s->refs[r].array == a && (s->refs[r].kind & kinds))
			return 1;
	return 0;
}

/* Returns the number of local scalars of scop (see at_scop.h). */
int at_scop_n_local(const at_scop *scop)
{
	int n = 0;

	for (int a = 0; a < scop->n_array; a++)
		n += scop->arrays[a].local > 0;
	return n;
}

/* Appends the affine expression `row` (global columns) in isl syntax, with
 * the loops of `s` named i0, i1, ...  Returns -1 if the row uses a loop that
 * does not enclose `s` (a front-end bug). */
static int at_scop_print_row(at_buf *b, const at_scop *scop,
	const at_stmt *s, const long *row)
{
	int any = 0;

	at_buf_add(b, "(");
	for (int c = 0; c < at_scop_ncol(scop); c++) {
		long v = row[c];
		if (v == 0)
			continue;
		at_buf_printf(b, "%s%ld", any ? " + " : "", v);
		if (c < scop->n_loop) {
			int p = at_scop_stmt_dim(s, c);
			if (p < 0)
				return -1;
			at_buf_printf(b, "*i%d", p);
		} else if (c < scop->n_loop + scop->n_param) {
			at_buf_printf(b, "*%s", scop->params[c - scop->n_loop]);
		}
		any = 1;
	}
	at_buf_add(b, any ? ")" : "0)");
	return 0;
}

/* Appends the parameter tuple "[p0, p1, ...] -> ". */
static void at_scop_print_params(at_buf *b, const at_scop *scop)
{
	at_buf_add(b, "[");
	for (int k = 0; k < scop->n_param; k++)
		at_buf_printf(b, "%s%s", k ? ", " : "", scop->params[k]);
	at_buf_add(b, "] -> ");
}

/* Appends "S<k>[i0, ..., i<d-1>]". */
static void at_scop_print_tuple(at_buf *b, const at_stmt *s, int k)
{
	at_buf_printf(b, "S%d[", k);
	for (int p = 0; p < s->n_loop; p++)
		at_buf_printf(b, "%si%d", p ? ", " : "", p);
	at_buf_add(b, "]");
}

/* Appends the constraints of loop dimension p of statement s; relaxed
 * leaves out each bound with den > 1 and a stride that starts at one
 * (at_scop_relaxed_where). */
static int at_scop_print_loop(at_buf *b, const at_scop *scop,
	const at_stmt *s, int p, int relaxed)
{
	const at_loop *l = &scop->loops[s->loops[p]];
	const at_bound *base = l->step > 0 ? &l->lb[0] : &l->ub[0];
	int r = 0;

	for (int k = 0; k < l->n_lb; k++) {
		if (relaxed && l->lb[k].den > 1)
			continue;
		at_buf_printf(b, " and %ld*i%d >= ", l->lb[k].den, p);
		r |= at_scop_print_row(b, scop, s, l->lb[k].row);
	}
	for (int k = 0; k < l->n_ub; k++) {
		if (relaxed && l->ub[k].den > 1)
			continue;
		at_buf_printf(b, " and %ld*i%d <= ", l->ub[k].den, p);
		r |= at_scop_print_row(b, scop, s, l->ub[k].row);
	}
	if ((l->step > 1 || l->step < -1) && !(relaxed && base->den > 1)) {
		long step = l->step > 0 ? l->step : -l->step;
		at_buf_printf(b, " and (i%d - %s(", p,
			l->step > 0 ? "ceil" : "floor");
		r |= at_scop_print_row(b, scop, s, base->row);
		at_buf_printf(b, "/%ld)) mod %ld = 0", base->den, step);
	}
	return r;
}

/* Appends the domain "S<k>[...] : ..." of statement k; relaxed leaves
 * out the `if` conditions and what at_scop_print_loop leaves out. */
static int at_scop_print_domain(at_buf *b, const at_scop *scop, int k,
	int relaxed)
{
	const at_stmt *s = &scop->stmts[k];
	int r = 0;

	at_scop_print_tuple(b, s, k);
	at_buf_add(b, " : 1 = 1");
	for (int p = 0; p < s->n_loop; p++)
		r |= at_scop_print_loop(b, scop, s, p, relaxed);
	for (int c = 0; !relaxed && c < s->n_cond; c++) {
		at_buf_add(b, " and ");
		r |= at_scop_print_row(b, scop, s, s->cond[c]);
		at_buf_add(b, " >= 0");
	}
	return r;
}

/* Checks that every parameter and array name is usable in isl text;
 * reports the first that is not.  Returns 0 or -1. */
static int at_scop_check_names(const at_scop *scop)
{
	for (int k = 0; k < scop->n_param; k++)
		if (at_scop_is_keyword(scop->params[k])) {
			at_diag(&scop->loc, AT_WARNING, "parameter `%s` has a "
				"name reserved by isl; loop nest left unchanged",
				scop->params[k]);
			return -1;
		}
	for (int k = 0; k < scop->n_array; k++)
		if (at_scop_is_keyword(scop->arrays[k].name)) {
			at_diag(&scop->loc, AT_WARNING, "array `%s` has a name "
				"reserved by isl; loop nest left unchanged",
				scop->arrays[k].name);
			return -1;
		}
	return 0;
}

/* Parses `text` as a union set; reports a front-end bug on failure. */
static __isl_give isl_union_set *at_scop_read_uset(isl_ctx *ctx,
	const at_scop *scop, char *text)
{
	isl_union_set *u = NULL;

	if (text)
		u = isl_union_set_read_from_str(ctx, text);
	if (!u)
		at_diag(&scop->loc, AT_ERROR, "internal: isl rejected `%s`",
			text ? text : "(out of memory)");
	free(text);
	return u;
}

/* Parses `text` as a union map; reports a front-end bug on failure. */
static __isl_give isl_union_map *at_scop_read_umap(isl_ctx *ctx,
	const at_scop *scop, char *text)
{
	isl_union_map *u = NULL;

	if (text)
		u = isl_union_map_read_from_str(ctx, text);
	if (!u)
		at_diag(&scop->loc, AT_ERROR, "internal: isl rejected `%s`",
			text ? text : "(out of memory)");
	free(text);
	return u;
}

/* Reads the iteration domains of all statements (see at_scop_domain). */
static __isl_give isl_union_set *at_scop_domain_read(isl_ctx *ctx,
	const at_scop *scop)
{
	at_buf b = { 0 };

	if (at_scop_check_names(scop) < 0)
		return NULL;
	at_scop_print_params(&b, scop);
	at_buf_add(&b, "{ ");
	for (int k = 0; k < scop->n_stmt; k++) {
		if (k)
			at_buf_add(&b, "; ");
		if (at_scop_print_domain(&b, scop, k, 0) < 0) {
			at_buf_clear(&b);
			at_diag(&scop->stmts[k].loc, AT_ERROR, "internal: "
				"bound uses a loop that does not enclose it");
			return NULL;
		}
	}
	at_buf_add(&b, " }");
	return at_scop_read_uset(ctx, scop, at_buf_take(&b));
}

/* Appends `row` in isl's names for statement k (see at_scop.h). */
int at_scop_isl_row(at_buf *b, const at_scop *scop, int k, const long *row)
{
	return at_scop_print_row(b, scop, &scop->stmts[k], row);
}

/* Returns the relaxed domains where `where` holds (see at_scop.h). */
__isl_give isl_union_set *at_scop_relaxed_where(isl_ctx *ctx,
	const at_scop *scop, at_scop_where_fn where, void *user)
{
	at_buf b = { 0 };
	int any = 0;

	if (at_scop_check_names(scop) < 0)
		return NULL;
	at_scop_print_params(&b, scop);
	at_buf_add(&b, "{ ");
	for (int k = 0; k < scop->n_stmt; k++) {
		size_t len = b.len;
		int w;

		at_buf_add(&b, any ? "; " : "");
		if (at_scop_print_domain(&b, scop, k, 1) < 0)
			goto error;
		at_buf_add(&b, " and ");
		w = where(&b, scop, k, user);
		if (w < 0)
			goto error;
		if (w == 0 && b.s) {	/* not this statement */
			b.len = len;
			b.s[len] = '\0';
		}
		any |= w;
	}
	at_buf_add(&b, " }");
	return at_scop_read_uset(ctx, scop, at_buf_take(&b));
error:
	at_buf_clear(&b);
	return NULL;
}

/* Appends "S<k>[...] -> A[f0, f1, ...]" for reference `ref` of statement
 * k, with the domain wrapped as "[S<k>[...] -> R<tag>[]]" when tag >= 0.
 * A local scalar (at_array.local = d) is "t[i0, ..., i<d-1>]": the copy
 * of the iteration of the loops around its declaration. */
static int at_scop_print_ref(at_buf *b, const at_scop *scop, int k,
	const at_ref *ref, int tag)
{
	const at_stmt *s = &scop->stmts[k];
	int r = 0;

	if (tag >= 0)
		at_buf_add(b, "[");
	at_scop_print_tuple(b, s, k);
	if (tag >= 0)
		at_buf_printf(b, " -> R%d[]]", tag);
	at_buf_printf(b, " -> %s[", scop->arrays[ref->array].name);
	for (int p = 0; p < scop->arrays[ref->array].local; p++)
		at_buf_printf(b, "%si%d", p ? ", " : "", p);	/* its copy */
	for (int d = 0; d < ref->n_dim; d++) {
		if (d)
			at_buf_add(b, ", ");
		r |= at_scop_print_row(b, scop, s,
			ref->m + (size_t)d * at_scop_ncol(scop));
	}
	at_buf_add(b, "]");
	return r;
}

/* Reads the access relations of `kind` (see at_scop_access). */
static __isl_give isl_union_map *at_scop_access_read(isl_ctx *ctx,
	const at_scop *scop, at_ref_kind kind, int tagged)
{
	at_buf b = { 0 };
	int any = 0, r = 0, tag = 0;
	isl_union_map *acc;
	isl_union_set *dom;

	dom = at_scop_domain(ctx, scop);
	if (!dom)
		return NULL;
	at_scop_print_params(&b, scop);
	at_buf_add(&b, "{ ");
	for (int k = 0; k < scop->n_stmt; k++)
		for (int i = 0; i < scop->stmts[k].n_ref; i++) {
			const at_ref *ref = &scop->stmts[k].refs[i];
			int t = tag++;
			if (ref->kind != kind)
				continue;
			if (any++)
				at_buf_add(&b, "; ");
			r |= at_scop_print_ref(&b, scop, k, ref, tagged ? t : -1);
		}
	at_buf_add(&b, " }");
	if (r < 0) {
		at_buf_clear(&b);
		isl_union_set_free(dom);
		return NULL;
	}
	acc = at_scop_read_umap(ctx, scop, at_buf_take(&b));
	if (tagged)
		return isl_union_map_intersect_domain_wrapped_domain_union_set(acc,
			dom);
	return isl_union_map_intersect_domain(acc, dom);
}

/* Returns the deepest statement nesting of the scop (see at_scop.h). */
int at_scop_max_depth(const at_scop *scop)
{
	int d = 0;

	for (int k = 0; k < scop->n_stmt; k++)
		if (scop->stmts[k].n_loop > d)
			d = scop->stmts[k].n_loop;
	return d;
}

/* Reads the original schedule: statement k -> its 2d+1 vector padded with
 * zeros to 2*maxdepth+1 (see at_stmt in at_scop.h). */
static __isl_give isl_union_map *at_scop_schedule_read(isl_ctx *ctx,
	const at_scop *scop)
{
	at_buf b = { 0 };
	int width = 2 * at_scop_max_depth(scop) + 1;
	isl_union_set *dom;
	isl_union_map *sched;

	dom = at_scop_domain(ctx, scop);
	if (!dom)
		return NULL;
	at_scop_print_params(&b, scop);
	at_buf_add(&b, "{ ");
	for (int k = 0; k < scop->n_stmt; k++) {
		const at_stmt *s = &scop->stmts[k];
		if (k)
			at_buf_add(&b, "; ");
		at_scop_print_tuple(&b, s, k);
		at_buf_add(&b, " -> [");
		for (int c = 0; c < width; c++) {
			int p = c / 2;
			if (c)
				at_buf_add(&b, ", ");
			if (c % 2 == 0)
				at_buf_printf(&b, "%d", p <= s->n_loop ?
					s->beta[p] : 0);
			else if (p < s->n_loop)
				at_buf_printf(&b, "%si%d",
					scop->loops[s->loops[p]].step < 0 ?
					"-" : "", p);
			else
				at_buf_add(&b, "0");
		}
		at_buf_add(&b, "]");
	}
	at_buf_add(&b, " }");
	sched = at_scop_read_umap(ctx, scop, at_buf_take(&b));
	return isl_union_map_intersect_domain(sched, dom);
}

/* The isl objects of a scop kept while its memo is on for `ctx` (see
 * at_scop_memo_on): reading them from text is most of their cost, and a
 * nest's stages ask for them a dozen times. */
struct at_scop_memo {
	isl_ctx *ctx;			/* NULL: off */
	isl_union_set *domain;
	isl_union_map *access[2][2];	/* [kind - 1][tagged] */
	isl_union_map *sched;
};

/* Returns a memo for at_scop.memo, off, or NULL when out of memory (the
 * scop then works without one). */
struct at_scop_memo *at_scop_memo_new(void)
{
	return calloc(1, sizeof(struct at_scop_memo));
}

/* Turns the memo of scop on for ctx (see at_scop.h). */
void at_scop_memo_on(isl_ctx *ctx, const at_scop *scop)
{
	if (scop->memo) {
		at_scop_memo_off(scop);
		scop->memo->ctx = ctx;
	}
}

/* Frees what the memo of scop holds and turns it off (see at_scop.h). */
void at_scop_memo_off(const at_scop *scop)
{
	struct at_scop_memo *m = scop->memo;

	if (!m)
		return;
	m->domain = isl_union_set_free(m->domain);
	for (int k = 0; k < 2; k++)
		for (int t = 0; t < 2; t++)
			m->access[k][t] = isl_union_map_free(m->access[k][t]);
	m->sched = isl_union_map_free(m->sched);
	m->ctx = NULL;
}

/* Returns the memo of scop when it is on for ctx, else NULL. */
static struct at_scop_memo *at_scop_memo(isl_ctx *ctx, const at_scop *scop)
{
	return scop->memo && scop->memo->ctx == ctx ? scop->memo : NULL;
}

/* Returns the iteration domains of all statements (see at_scop.h). */
__isl_give isl_union_set *at_scop_domain(isl_ctx *ctx, const at_scop *scop)
{
	struct at_scop_memo *m = at_scop_memo(ctx, scop);

	if (m && !m->domain)
		m->domain = at_scop_domain_read(ctx, scop);
	return m ? isl_union_set_copy(m->domain) :
		at_scop_domain_read(ctx, scop);
}

/* Tells whether the nest's domain is empty (see at_scop.h). */
int at_scop_runs_nothing(isl_ctx *ctx, const at_scop *scop)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_bool empty = isl_union_set_is_empty(dom);

	isl_union_set_free(dom);
	return empty < 0 ? -1 : empty == isl_bool_true;
}

/* Returns the access relations of `kind` (see at_scop.h). */
__isl_give isl_union_map *at_scop_access(isl_ctx *ctx, const at_scop *scop,
	at_ref_kind kind, int tagged)
{
	struct at_scop_memo *m = at_scop_memo(ctx, scop);
	isl_union_map **slot = m ? &m->access[kind == AT_WRITE][!!tagged] :
		NULL;

	if (slot && !*slot)
		*slot = at_scop_access_read(ctx, scop, kind, tagged);
	return slot ? isl_union_map_copy(*slot) :
		at_scop_access_read(ctx, scop, kind, tagged);
}

/* Returns the original schedule map (see at_scop.h). */
__isl_give isl_union_map *at_scop_schedule_map(isl_ctx *ctx,
	const at_scop *scop)
{
	struct at_scop_memo *m = at_scop_memo(ctx, scop);

	if (m && !m->sched)
		m->sched = at_scop_schedule_read(ctx, scop);
	return m ? isl_union_map_copy(m->sched) :
		at_scop_schedule_read(ctx, scop);
}

/* Returns the parameter context: every parameter is an integer and nothing
 * more is assumed, so generated code is correct for all values. */
__isl_give isl_set *at_scop_context(isl_ctx *ctx, const at_scop *scop)
{
	at_buf b = { 0 };
	isl_set *set;
	char *text;

	at_scop_print_params(&b, scop);
	at_buf_add(&b, "{ : }");
	text = at_buf_take(&b);
	if (!text)
		return NULL;
	set = isl_set_read_from_str(ctx, text);
	free(text);
	return set;
}

/* Returns the number of points of `set` (taken), or -1 when it depends on
 * a parameter or is unbounded. */
static long at_scop_count(__isl_take isl_set *set)
{
	isl_size np = isl_set_dim(set, isl_dim_param);
	isl_val *v;
	long n = -1;

	if (np < 0 || isl_set_involves_dims(set, isl_dim_param, 0, np))
		goto done;
	set = isl_set_project_out(set, isl_dim_param, 0, np);
	if (isl_set_is_bounded(set) != isl_bool_true)
		goto done;
	v = isl_set_count_val(set);
	if (v && isl_val_is_int(v))
		n = isl_val_get_num_si(v);
	isl_val_free(v);
done:
	isl_set_free(set);
	return n;
}

/* Returns where a split array's subscript leaves its row (see
 * at_scop.h). */
__isl_give isl_set *at_scop_split_bad(isl_ctx *ctx, const at_scop *scop,
	__isl_keep isl_union_set *dom, int stmt, int ref, int dim)
{
	const at_ref *rf = &scop->stmts[stmt].refs[ref];
	const long *row = rf->m + (size_t)dim * at_scop_ncol(scop);
	const at_stmt *s = &scop->stmts[stmt];
	at_buf b = { 0 };
	isl_union_set *bad;
	int r;

	at_scop_print_params(&b, scop);
	at_buf_add(&b, "{ ");
	at_scop_print_tuple(&b, s, stmt);
	at_buf_add(&b, " : ");
	r = at_scop_print_row(&b, scop, s, row);
	at_buf_add(&b, " < 0 or ");
	r |= at_scop_print_row(&b, scop, s, row);
	at_buf_printf(&b, " >= %s }",
		scop->params[scop->arrays[rf->array].dim_param[dim]]);
	if (r < 0) {
		at_buf_clear(&b);
		return NULL;
	}
	bad = at_scop_read_uset(ctx, scop, at_buf_take(&b));
	bad = isl_union_set_intersect(bad, isl_union_set_copy(dom));
	return isl_union_set_params(bad);
}

/* Returns 1 when `ok`, the parameter values at which the nest runs
 * (`run`, kept) and every split subscript stays in its row, spans as
 * many dimensions as `run`: a condition such as n <= lda, which holds
 * for values of every size; 0 when it is empty or thinner (off == 0 for
 * a[i * n + j + off]: not worth a second version), -1 on error. */
static int at_scop_split_wide(__isl_keep isl_set *ok, __isl_keep isl_set *run)
{
	isl_basic_set *a = isl_set_affine_hull(isl_set_copy(ok));
	isl_basic_set *b = isl_set_affine_hull(isl_set_copy(run));
	isl_bool eq = isl_basic_set_is_equal(a, b);

	isl_basic_set_free(a);
	isl_basic_set_free(b);
	return eq < 0 ? -1 : eq == isl_bool_true;
}

/* Sets the guard that leaves out the parameter values `bad` (see
 * at_scop.h). */
int at_scop_guard(__isl_keep isl_union_set *dom, __isl_take isl_set *bad,
	char **guard)
{
	isl_set *run = isl_union_set_params(isl_union_set_copy(dom));
	isl_set *ok = isl_set_subtract(isl_set_copy(run), isl_set_copy(bad));
	int r = at_scop_split_wide(ok, run);

	*guard = NULL;
	run = isl_set_union(run, bad);
	if (r == 1) {
		ok = isl_set_coalesce(isl_set_gist(ok, isl_set_copy(run)));
		*guard = ok ? isl_set_to_str(ok) : NULL;
		r = *guard ? 1 : -1;
	}
	isl_set_free(ok);
	isl_set_free(run);
	return r;
}

/* Returns the range of array a's accesses (see at_scop.h). */
int at_scop_extent(isl_ctx *ctx, const at_scop *scop, int a,
	__isl_give isl_pw_aff **lo, __isl_give isl_pw_aff **hi)
{
	const at_array *ar = &scop->arrays[a];
	isl_union_map *acc = isl_union_map_union(
		at_scop_access(ctx, scop, AT_READ, 0),
		at_scop_access(ctx, scop, AT_WRITE, 0));
	isl_union_set *elems = isl_union_map_range(acc);
	isl_space *sp = isl_union_set_get_space(elems);
	isl_set *set;

	sp = isl_space_add_dims(sp, isl_dim_set, ar->n_dim);
	sp = isl_space_set_tuple_name(sp, isl_dim_set, ar->name);
	set = isl_union_set_extract_set(elems, sp);
	isl_union_set_free(elems);
	set = isl_set_project_out(set, isl_dim_set, 1, ar->n_dim - 1);
	*lo = isl_set_dim_min(isl_set_copy(set), 0);
	*hi = isl_set_dim_max(set, 0);
	if (*lo && *hi)
		return 0;
	*lo = isl_pw_aff_free(*lo);
	*hi = isl_pw_aff_free(*hi);
	return -1;
}

/* Returns the domain of statement k (with `n` loops) as a set. */
static __isl_give isl_set *at_scop_stmt_domain(
	__isl_keep isl_union_set *dom, int k, int n)
{
	char name[16];
	isl_space *sp;

	snprintf(name, sizeof(name), "S%d", k);
	sp = isl_space_set_from_params(isl_union_set_get_space(dom));
	sp = isl_space_add_dims(sp, isl_dim_set, n);
	sp = isl_space_set_tuple_name(sp, isl_dim_set, name);
	return isl_union_set_extract_set(dom, sp);
}

/* Returns the domains of some statements (see at_scop.h). */
__isl_give isl_union_set *at_scop_domain_part(isl_ctx *ctx,
	const at_scop *scop, int first, int n)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_union_set *part;

	if (!dom)
		return NULL;
	part = isl_union_set_empty(isl_union_set_get_space(dom));
	for (int k = first; k < first + n; k++)
		part = isl_union_set_add_set(part, at_scop_stmt_domain(dom, k,
			scop->stmts[k].n_loop));
	isl_union_set_free(dom);
	return part;
}

/* Returns dom (taken) with every parameter p whose vals[p] is not
 * AT_SCOP_UNKNOWN fixed to that value and projected out (vals may be
 * NULL: dom is returned as it is). */
static __isl_give isl_union_set *at_scop_fix_params(
	__isl_take isl_union_set *dom, const at_scop *scop, const long *vals)
{
	for (int p = scop->n_param - 1; vals && dom && p >= 0; p--) {
		isl_space *sp;
		int pos;
		if (vals[p] == AT_SCOP_UNKNOWN)
			continue;
		sp = isl_union_set_get_space(dom);
		pos = isl_space_find_dim_by_name(sp, isl_dim_param,
			scop->params[p]);
		isl_space_free(sp);
		if (pos < 0)
			continue;
		dom = isl_union_set_intersect_params(dom, isl_set_fix_si(
			isl_set_universe(isl_union_set_get_space(dom)),
			isl_dim_param, pos, vals[p]));
		dom = isl_union_set_project_out(dom, isl_dim_param, pos, 1);
	}
	return dom;
}

/* Fills the iteration vector (see at_scop.h). */
int at_scop_trip_counts(isl_ctx *ctx, const at_scop *scop, long *trips,
	long *total)
{
	return at_scop_trip_counts_at(ctx, scop, NULL, trips, total);
}

/* Fills the iteration vector at known parameter values (see at_scop.h). */
int at_scop_trip_counts_at(isl_ctx *ctx, const at_scop *scop,
	const long *vals, long *trips, long *total)
{
	isl_union_set *dom = at_scop_fix_params(at_scop_domain(ctx, scop),
		scop, vals);

	if (!dom)
		return -1;
	*total = 0;
	for (int l = 0; l < scop->n_loop; l++)
		trips[l] = -1;
	for (int k = 0; k < scop->n_stmt; k++) {
		const at_stmt *s = &scop->stmts[k];
		isl_set *set = at_scop_stmt_domain(dom, k, s->n_loop);
		long n = 1;

		for (int p = 0; p < s->n_loop; p++)
			if (trips[s->loops[p]] < 0)
				trips[s->loops[p]] = at_scop_count(isl_set_project_out(
					isl_set_project_out(isl_set_copy(set),
					isl_dim_set, p + 1, s->n_loop - p - 1),
					isl_dim_set, 0, p));
		for (int p = 0; p < s->n_loop && n >= 0; p++)
			n = trips[s->loops[p]] < 0 ? -1 :
				n * trips[s->loops[p]];
		isl_set_free(set);
		*total = n < 0 || *total < 0 ? -1 : *total + n;
	}
	isl_union_set_free(dom);
	return 0;
}

/* Returns the schedule tree of statements first..first+n-1 (all inside
 * the same loops above depth p) from depth p down: a sequence over their
 * positions beta[p], each child a band on the loop at depth p above the
 * tree of its statements, or a leaf for a statement with p loops.  `flat`
 * is the original schedule map as a function (kept), `dom` the domains
 * (kept). */
static __isl_give isl_schedule *at_scop_tree_at(const at_scop *scop,
	__isl_keep isl_multi_union_pw_aff *flat,
	__isl_keep isl_union_set *dom, int first, int n, int p)
{
	isl_schedule *seq = NULL;

	for (int a = first, b; a < first + n; a = b) {
		const at_stmt *s = &scop->stmts[a];
		isl_union_set *part;
		isl_schedule *child;
		isl_union_pw_aff *loop;

		for (b = a + 1; b < first + n &&
		     scop->stmts[b].beta[p] == s->beta[p]; b++)
			;
		part = isl_union_set_empty(isl_union_set_get_space(dom));
		for (int c = a; c < b; c++)
			part = isl_union_set_add_set(part, at_scop_stmt_domain(
				dom, c, scop->stmts[c].n_loop));
		if (b == a + 1 && s->n_loop == p) {
			child = isl_schedule_from_domain(part);
		} else {
			loop = isl_multi_union_pw_aff_get_union_pw_aff(flat,
				2 * p + 1);
			loop = isl_union_pw_aff_intersect_domain(loop, part);
			child = at_scop_tree_at(scop, flat, dom, a, b - a,
				p + 1);
			child = isl_schedule_insert_partial_schedule(child,
				isl_multi_union_pw_aff_from_union_pw_aff(loop));
		}
		/* an error (NULL) stays one to the end */
		seq = a == first ? child : isl_schedule_sequence(seq, child);
	}
	return seq;
}

/* Returns the original schedule as a tree (see at_scop.h). */
__isl_give isl_schedule *at_scop_schedule_tree(isl_ctx *ctx,
	const at_scop *scop)
{
	isl_union_set *dom = at_scop_domain(ctx, scop);
	isl_union_map *map = at_scop_schedule_map(ctx, scop);
	isl_multi_union_pw_aff *flat;
	isl_schedule *sched = NULL;

	if (!dom || !map || scop->n_stmt < 1) {
		isl_union_map_free(map);
		goto done;
	}
	flat = isl_multi_union_pw_aff_from_union_map(map);
	if (flat)
		sched = at_scop_tree_at(scop, flat, dom, 0, scop->n_stmt, 0);
	isl_multi_union_pw_aff_free(flat);
done:
	isl_union_set_free(dom);
	return sched;
}

/* Returns a new isl context set up for autotile (see at_scop.h). */
isl_ctx *at_scop_ctx_alloc(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	if (!ctx)
		return NULL;
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	isl_options_set_tile_scale_tile_loops(ctx, 1);
	isl_options_set_tile_shift_point_loops(ctx, 0);
	isl_options_set_schedule_max_coefficient(ctx, AT_SCOP_MAX_COEF);
	isl_options_set_schedule_max_constant_term(ctx, AT_SCOP_MAX_SHIFT);
	return ctx;
}
