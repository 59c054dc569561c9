/*
 * test_codegen_bound.c — unit tests of reading a loop's upper bound off
 * its isl AST condition (src/codegen_bound.c, src/codegen_int.h).
 *
 * Random conjunctions of comparisons, linear in the iterator c with
 * parameters N and T and opaque atoms (N / 2, min(N, T)), are read; for
 * every (N, T) in a box the loop condition must hold exactly for the c
 * with c <= min_i floor(rest_i / div_i).  Conditions that are not upper
 * bounds (a lower bound, c inside a division, a disjunction) must be
 * refused, since codegen then rebuilds the AST with isl's own bounds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <isl/ast.h>
#include <isl/ctx.h>
#include <isl/id.h>
#include <isl/val.h>

#include "at_test.h"
#include "../../src/codegen_int.h"

/* Values of the identifiers while evaluating. */
struct env {
	long n, t, c;
};

/* Returns floor(a / b) for b > 0. */
static long floordiv(long a, long b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

static long eval(__isl_keep isl_ast_expr *e, const struct env *v);

/* Evaluates argument i of e. */
static long arg(__isl_keep isl_ast_expr *e, int i, const struct env *v)
{
	isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
	long r = eval(a, v);

	isl_ast_expr_free(a);
	return r;
}

/* Evaluates an AST expression of the forms this test builds. */
static long eval(__isl_keep isl_ast_expr *e, const struct env *v)
{
	isl_val *x;
	isl_id *id;
	long r;

	switch (isl_ast_expr_get_type(e)) {
	case isl_ast_expr_int:
		x = isl_ast_expr_int_get_val(e);
		r = isl_val_get_num_si(x);
		isl_val_free(x);
		return r;
	case isl_ast_expr_id:
		id = isl_ast_expr_id_get_id(e);
		r = !strcmp(isl_id_get_name(id), "N") ? v->n :
			!strcmp(isl_id_get_name(id), "T") ? v->t : v->c;
		isl_id_free(id);
		return r;
	default:
		break;
	}
	switch (isl_ast_expr_op_get_type(e)) {
	case isl_ast_expr_op_add: return arg(e, 0, v) + arg(e, 1, v);
	case isl_ast_expr_op_sub: return arg(e, 0, v) - arg(e, 1, v);
	case isl_ast_expr_op_mul: return arg(e, 0, v) * arg(e, 1, v);
	case isl_ast_expr_op_minus: return -arg(e, 0, v);
	case isl_ast_expr_op_pdiv_q: return floordiv(arg(e, 0, v), arg(e, 1, v));
	case isl_ast_expr_op_ge: return arg(e, 0, v) >= arg(e, 1, v);
	case isl_ast_expr_op_gt: return arg(e, 0, v) > arg(e, 1, v);
	case isl_ast_expr_op_le: return arg(e, 0, v) <= arg(e, 1, v);
	case isl_ast_expr_op_lt: return arg(e, 0, v) < arg(e, 1, v);
	case isl_ast_expr_op_and: return arg(e, 0, v) && arg(e, 1, v);
	case isl_ast_expr_op_or: return arg(e, 0, v) || arg(e, 1, v);
	case isl_ast_expr_op_min: {
		long a = arg(e, 0, v), b = arg(e, 1, v);
		return a < b ? a : b;
	}
	default:
		return 0;
	}
}

/* An expression of the forms eval() knows, flattened once so that the box
 * of same_set (53,361 points) does not walk isl's tree at every point:
 * node i is an integer k, identifier k (0 N, 1 T, 2 c), or operation op
 * on nodes a and b. */
struct flat {
	int n;
	struct { int type, op, a, b; long k; } node[512];
};

/* Appends e to f; returns its node, or -1 when f is full. */
static int flatten(__isl_keep isl_ast_expr *e, struct flat *f)
{
	int i = f->n, type = isl_ast_expr_get_type(e);
	isl_size n = 0;

	if (i == (int)(sizeof(f->node) / sizeof(f->node[0])))
		return -1;
	f->n++;
	f->node[i].type = type;
	f->node[i].a = f->node[i].b = -1;
	if (type == isl_ast_expr_int || type == isl_ast_expr_id) {
		struct env v = { 0, 1, 2 };	/* identifier -> its number */
		f->node[i].k = eval(e, &v);
		return i;
	}
	f->node[i].op = isl_ast_expr_op_get_type(e);
	n = isl_ast_expr_op_get_n_arg(e);
	for (int j = 0; j < n && j < 2; j++) {
		isl_ast_expr *a = isl_ast_expr_op_get_arg(e, j);
		int k = flatten(a, f);
		isl_ast_expr_free(a);
		if (k < 0)
			return -1;
		*(j ? &f->node[i].b : &f->node[i].a) = k;
	}
	return i;
}

/* Evaluates node i of f as eval() evaluates the expression. */
static long run(const struct flat *f, int i, const struct env *v)
{
	long a, b;

	if (f->node[i].type == isl_ast_expr_int)
		return f->node[i].k;
	if (f->node[i].type == isl_ast_expr_id)
		return f->node[i].k == 0 ? v->n : f->node[i].k == 1 ? v->t :
			v->c;
	a = run(f, f->node[i].a, v);
	b = f->node[i].b >= 0 ? run(f, f->node[i].b, v) : 0;
	switch (f->node[i].op) {
	case isl_ast_expr_op_add: return a + b;
	case isl_ast_expr_op_sub: return a - b;
	case isl_ast_expr_op_mul: return a * b;
	case isl_ast_expr_op_minus: return -a;
	case isl_ast_expr_op_pdiv_q: return floordiv(a, b);
	case isl_ast_expr_op_ge: return a >= b;
	case isl_ast_expr_op_gt: return a > b;
	case isl_ast_expr_op_le: return a <= b;
	case isl_ast_expr_op_lt: return a < b;
	case isl_ast_expr_op_and: return a && b;
	case isl_ast_expr_op_or: return a || b;
	case isl_ast_expr_op_min: return a < b ? a : b;
	default: return 0;
	}
}

/* Evaluates a linear form of a read bound. */
static long eval_lin(const at_cg_lin *lin, const struct env *v)
{
	long r = lin->c;

	for (int i = 0; i < lin->n; i++)
		r += lin->coef[i] * eval(lin->atom[i], v);
	return r;
}

/* Returns the expression of identifier `name`. */
static isl_ast_expr *var(isl_ctx *ctx, const char *name)
{
	return isl_ast_expr_from_id(isl_id_alloc(ctx, name, NULL));
}

/* Returns the integer expression k. */
static isl_ast_expr *num(isl_ctx *ctx, long k)
{
	return isl_ast_expr_from_val(isl_val_int_from_si(ctx, k));
}

/* Returns k * e, written as isl writes products (integer first). */
static isl_ast_expr *times(isl_ctx *ctx, long k, isl_ast_expr *e)
{
	return k == 1 ? e : isl_ast_expr_mul(num(ctx, k), e);
}

/* Returns a random side of a comparison: a sum of terms in c, N, T, the
 * atoms N / 2 and (T + 3) / 4, and a constant. */
static isl_ast_expr *side(isl_ctx *ctx, unsigned *seed, int with_c)
{
	isl_ast_expr *e = num(ctx, (long)(rand_r(seed) % 21) - 10);

	if (with_c)
		e = isl_ast_expr_add(e, times(ctx, 1 + rand_r(seed) % 4,
			var(ctx, "c")));
	if (rand_r(seed) % 2)
		e = isl_ast_expr_sub(e, times(ctx, 1 + rand_r(seed) % 3,
			var(ctx, "N")));
	if (rand_r(seed) % 2)
		e = isl_ast_expr_add(e, times(ctx, 1 + rand_r(seed) % 3,
			var(ctx, "T")));
	if (rand_r(seed) % 4 == 0)
		e = isl_ast_expr_add(e, isl_ast_expr_pdiv_q(var(ctx, "N"),
			num(ctx, 2)));
	if (rand_r(seed) % 5 == 0)
		e = isl_ast_expr_sub(e, isl_ast_expr_pdiv_q(isl_ast_expr_add(
			var(ctx, "T"), num(ctx, 3)), num(ctx, 4)));
	return e;
}

/* Returns a random comparison with c on one side (so that c's
 * coefficient is negative once moved: an upper bound) or, when lower,
 * on the other. */
static isl_ast_expr *bound(isl_ctx *ctx, unsigned *seed, int lower)
{
	isl_ast_expr *big = side(ctx, seed, 0), *small = side(ctx, seed, 1);
	int strict = rand_r(seed) % 2, flip = rand_r(seed) % 2;

	if (lower) {
		isl_ast_expr *t = big;
		big = small;
		small = t;
	}
	if (flip)	/* small <= big, small < big */
		return strict ? isl_ast_expr_lt(small, big) :
			isl_ast_expr_le(small, big);
	return strict ? isl_ast_expr_gt(big, small) :
		isl_ast_expr_ge(big, small);
}

/* Returns 1 when, for every (N, T, c) of the box, cond holds exactly when
 * c <= the bound read into ub. */
static int same_set(__isl_keep isl_ast_expr *cond, const at_cg_ub *ub)
{
	struct env v;
	struct flat f = { 0 };
	int root = flatten(cond, &f);

	if (root < 0)
		return 0;
	for (v.n = -6; v.n <= 14; v.n++)
		for (v.t = -6; v.t <= 14; v.t++) {
			long b = 1L << 40;
			for (int i = 0; i < ub->n; i++) {
				long x = floordiv(eval_lin(&ub->rest[i], &v),
					ub->div[i]);
				b = x < b ? x : b;
			}
			for (v.c = -60; v.c <= 60; v.c++)
				if (!run(&f, root, &v) != !(v.c <= b))
					return 0;
		}
	return 1;
}

/* Random upper bounds: each read is exact on the box. */
static void test_random(isl_ctx *ctx)
{
	unsigned seed = 7;
	int n_read = 0, n_exact = 0, n_divided = 0;
	isl_ast_expr *c = var(ctx, "c");

	for (int k = 0; k < 300; k++) {
		int n = 1 + rand_r(&seed) % 3;
		isl_ast_expr *cond = bound(ctx, &seed, 0);
		at_cg_ub ub;
		for (int i = 1; i < n; i++)
			cond = isl_ast_expr_and(cond, bound(ctx, &seed, 0));
		if (at_cg_ub_read(cond, c, &ub) == 0) {
			n_read++;
			n_exact += same_set(cond, &ub);
			for (int i = 0; i < ub.n; i++)
				n_divided += ub.div[i] > 1;
			at_cg_ub_clear(&ub);
		}
		isl_ast_expr_free(cond);
	}
	isl_ast_expr_free(c);
	AT_CHECK_INT(n_read, 300, "random upper bounds read");
	AT_CHECK_INT(n_exact, 300, "random upper bounds exact on the box");
	AT_CHECK(n_divided > 50, "bounds with a divisor among them (%d)",
		n_divided);
}

/* Reads cond (freed) over c; returns at_cg_ub_read's result. */
static int try_read(isl_ctx *ctx, isl_ast_expr *cond, at_cg_ub *ub)
{
	isl_ast_expr *c = var(ctx, "c");
	int r = at_cg_ub_read(cond, c, ub);

	isl_ast_expr_free(c);
	isl_ast_expr_free(cond);
	return r;
}

/* Fixed cases: what isl writes for a 32-tile loop, the gcd reduction,
 * and the forms that must be refused. */
static void test_cases(isl_ctx *ctx)
{
	unsigned seed = 11;
	at_cg_ub ub;
	int r;

	/* N >= 32 * c + 1: c <= floor((N - 1) / 32) */
	r = try_read(ctx, isl_ast_expr_ge(var(ctx, "N"), isl_ast_expr_add(
		times(ctx, 32, var(ctx, "c")), num(ctx, 1))), &ub);
	AT_CHECK(r == 0 && ub.n == 1 && ub.div[0] == 32 &&
		ub.rest[0].n == 1 && ub.rest[0].coef[0] == 1 &&
		ub.rest[0].c == -1, "N >= 32 * c + 1 reads as floor((N - 1) / 32)");
	if (r == 0)
		at_cg_ub_clear(&ub);
	/* 2 * N - 3 >= 2 * c: c <= N - 2 (floor((2N - 3) / 2)) */
	r = try_read(ctx, isl_ast_expr_ge(isl_ast_expr_sub(times(ctx, 2,
		var(ctx, "N")), num(ctx, 3)), times(ctx, 2, var(ctx, "c"))),
		&ub);
	AT_CHECK(r == 0 && ub.n == 1 && ub.div[0] == 1 &&
		ub.rest[0].coef[0] == 1 && ub.rest[0].c == -2,
		"2 * N - 3 >= 2 * c reduces to c <= N - 2");
	if (r == 0)
		at_cg_ub_clear(&ub);
	r = try_read(ctx, bound(ctx, &seed, 1), &ub);
	AT_CHECK(r < 0 && ub.n == 0, "a lower bound on c is refused");
	r = try_read(ctx, isl_ast_expr_ge(var(ctx, "N"), isl_ast_expr_pdiv_q(
		var(ctx, "c"), num(ctx, 2))), &ub);
	AT_CHECK(r < 0, "c inside a division is refused");
	r = try_read(ctx, isl_ast_expr_or(bound(ctx, &seed, 0),
		bound(ctx, &seed, 0)), &ub);
	AT_CHECK(r < 0, "a disjunction is refused");
	r = try_read(ctx, isl_ast_expr_and(bound(ctx, &seed, 0),
		bound(ctx, &seed, 1)), &ub);
	AT_CHECK(r < 0 && ub.n == 0, "a conjunction with a lower bound is "
		"refused");
	r = try_read(ctx, isl_ast_expr_ge(var(ctx, "N"), isl_ast_expr_mul(
		var(ctx, "c"), var(ctx, "T"))), &ub);
	AT_CHECK(r < 0, "c times a parameter is refused");
}

int main(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	test_random(ctx);
	test_cases(ctx);
	isl_ctx_free(ctx);
	AT_TEST_END();
}
