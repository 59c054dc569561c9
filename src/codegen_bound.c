/*
 * codegen_bound.c — a loop's upper bound from its isl AST condition (see
 * codegen_int.h).
 */
#include <string.h>

#include <isl/val.h>

#include "codegen_int.h"

/* Returns 1 if e contains the identifier expression `iter`. */
static int at_cg_uses(__isl_keep isl_ast_expr *e, __isl_keep isl_ast_expr *iter)
{
	isl_size n;
	int r = 0;

	if (isl_ast_expr_get_type(e) == isl_ast_expr_id)
		return isl_ast_expr_is_equal(e, iter) == isl_bool_true;
	if (isl_ast_expr_get_type(e) != isl_ast_expr_op)
		return 0;
	n = isl_ast_expr_op_get_n_arg(e);
	for (int i = 0; i < n && !r; i++) {
		isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
		r = !a || at_cg_uses(a, iter);
		isl_ast_expr_free(a);
	}
	return r;
}

/* *acc += a * b; returns 0, or -1 on overflow. */
static int at_cg_muladd(long *acc, long a, long b)
{
	long p;

	return __builtin_mul_overflow(a, b, &p) ||
		__builtin_add_overflow(*acc, p, acc) ? -1 : 0;
}

/* Adds coef * atom to lin (atom is kept: copied when new).  Returns 0 or
 * -1 (overflow, too many terms). */
static int at_cg_lin_term(at_cg_lin *lin, __isl_keep isl_ast_expr *atom,
	long coef)
{
	for (int i = 0; i < lin->n; i++)
		if (isl_ast_expr_is_equal(lin->atom[i], atom) == isl_bool_true)
			return at_cg_muladd(&lin->coef[i], coef, 1);
	if (lin->n == AT_CG_LIN_MAX)
		return -1;
	lin->atom[lin->n] = isl_ast_expr_copy(atom);
	lin->coef[lin->n++] = coef;
	return 0;
}

/* Returns the value of the integer expression e in *v; 0, or -1 when it
 * is not a machine integer. */
static int at_cg_int(__isl_keep isl_ast_expr *e, long *v)
{
	isl_val *x;
	int ok;

	if (isl_ast_expr_get_type(e) != isl_ast_expr_int)
		return -1;
	x = isl_ast_expr_int_get_val(e);
	ok = x && isl_val_is_int(x) == isl_bool_true &&
		isl_val_cmp_si(x, -(1L << 40)) > 0 &&
		isl_val_cmp_si(x, 1L << 40) < 0;
	*v = ok ? isl_val_get_num_si(x) : 0;
	isl_val_free(x);
	return ok ? 0 : -1;
}

static int at_cg_lin_add(at_cg_lin *lin, long *k, __isl_keep isl_ast_expr *e,
	long scale, __isl_keep isl_ast_expr *iter);

/* Adds scale * arg i of e (see at_cg_lin_add). */
static int at_cg_lin_arg(at_cg_lin *lin, long *k, __isl_keep isl_ast_expr *e,
	int i, long scale, __isl_keep isl_ast_expr *iter)
{
	isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
	int r = a ? at_cg_lin_add(lin, k, a, scale, iter) : -1;

	isl_ast_expr_free(a);
	return r;
}

/* Adds scale * (a * b) for the product e, one side of which must be an
 * integer (see at_cg_lin_add). */
static int at_cg_lin_mul(at_cg_lin *lin, long *k, __isl_keep isl_ast_expr *e,
	long scale, __isl_keep isl_ast_expr *iter)
{
	isl_ast_expr *a = isl_ast_expr_op_get_arg(e, 0);
	isl_ast_expr *b = isl_ast_expr_op_get_arg(e, 1);
	long v, s = 0;
	int r = -1;

	if (a && b && at_cg_int(a, &v) == 0 && at_cg_muladd(&s, scale, v) == 0)
		r = at_cg_lin_add(lin, k, b, s, iter);
	else if (a && b && at_cg_int(b, &v) == 0 &&
	    at_cg_muladd(&s, scale, v) == 0)
		r = at_cg_lin_add(lin, k, a, s, iter);
	else if (a && b && !at_cg_uses(e, iter))
		r = at_cg_lin_term(lin, e, scale);
	isl_ast_expr_free(a);
	isl_ast_expr_free(b);
	return r;
}

/* Adds scale * e to lin, the coefficient of iter to *k: sums,
 * differences, negations and products by an integer are expanded; any
 * other expression is an atom, which must not contain iter.  Returns 0 or
 * -1. */
static int at_cg_lin_add(at_cg_lin *lin, long *k, __isl_keep isl_ast_expr *e,
	long scale, __isl_keep isl_ast_expr *iter)
{
	long v;

	switch (isl_ast_expr_get_type(e)) {
	case isl_ast_expr_int:
		return at_cg_int(e, &v) < 0 ? -1 :
			at_cg_muladd(&lin->c, scale, v);
	case isl_ast_expr_id:
		if (isl_ast_expr_is_equal(e, iter) == isl_bool_true)
			return at_cg_muladd(k, scale, 1);
		return at_cg_lin_term(lin, e, scale);
	case isl_ast_expr_op:
		break;
	default:
		return -1;
	}
	switch (isl_ast_expr_op_get_type(e)) {
	case isl_ast_expr_op_add:
		return at_cg_lin_arg(lin, k, e, 0, scale, iter) < 0 ? -1 :
			at_cg_lin_arg(lin, k, e, 1, scale, iter);
	case isl_ast_expr_op_sub:
		return at_cg_lin_arg(lin, k, e, 0, scale, iter) < 0 ? -1 :
			at_cg_lin_arg(lin, k, e, 1, -scale, iter);
	case isl_ast_expr_op_minus:
		return at_cg_lin_arg(lin, k, e, 0, -scale, iter);
	case isl_ast_expr_op_mul:
		return at_cg_lin_mul(lin, k, e, scale, iter);
	default:
		return at_cg_uses(e, iter) ? -1 : at_cg_lin_term(lin, e, scale);
	}
}

/* Frees the atoms of lin. */
static void at_cg_lin_clear(at_cg_lin *lin)
{
	for (int i = 0; i < lin->n; i++)
		isl_ast_expr_free(lin->atom[i]);
	memset(lin, 0, sizeof(*lin));
}

/* Reads the coefficient of iter in e (see codegen_int.h). */
int at_cg_coef(__isl_keep isl_ast_expr *e, __isl_keep isl_ast_expr *iter,
	long *k)
{
	at_cg_lin lin;
	int r;

	memset(&lin, 0, sizeof(lin));
	*k = 0;
	r = at_cg_lin_add(&lin, k, e, 1, iter);
	at_cg_lin_clear(&lin);
	return r;
}

/* Returns the greatest common divisor of |a| and |b| (b > 0). */
static long at_cg_gcd(long a, long b)
{
	a = a < 0 ? -a : a;
	while (a) {
		long t = b % a;
		b = a;
		a = t;
	}
	return b;
}

/* Divides floor(rest / *div) through by the gcd g of *div and the
 * coefficients: floor((g x + c) / (g d)) = floor((x + floor(c / g)) / d)
 * for integer x. */
static void at_cg_ub_reduce(at_cg_lin *rest, long *div)
{
	long g = *div;

	for (int i = 0; i < rest->n && g > 1; i++)
		g = at_cg_gcd(rest->coef[i], g);
	if (g <= 1)
		return;
	for (int i = 0; i < rest->n; i++)
		rest->coef[i] /= g;
	rest->c = rest->c >= 0 ? rest->c / g : -((-rest->c + g - 1) / g);
	*div /= g;
}

/* Adds the bound of the comparison e (a op b) to ub; returns 0 or -1. */
static int at_cg_ub_cmp(at_cg_ub *ub, __isl_keep isl_ast_expr *e,
	__isl_keep isl_ast_expr *iter)
{
	enum isl_ast_expr_op_type t = isl_ast_expr_op_get_type(e);
	int ge = t == isl_ast_expr_op_ge || t == isl_ast_expr_op_gt;
	int strict = t == isl_ast_expr_op_gt || t == isl_ast_expr_op_lt;
	at_cg_lin *lin;
	long k = 0;

	if (ub->n == AT_CG_UB_MAX || (!ge && t != isl_ast_expr_op_le &&
	    t != isl_ast_expr_op_lt))
		return -1;
	lin = &ub->rest[ub->n++];	/* a - b >= 0 (ge) or b - a >= 0 */
	if (at_cg_lin_arg(lin, &k, e, 0, ge ? 1 : -1, iter) < 0 ||
	    at_cg_lin_arg(lin, &k, e, 1, ge ? -1 : 1, iter) < 0 ||
	    (strict && at_cg_muladd(&lin->c, -1, 1) < 0) || k >= 0)
		return -1;
	ub->div[ub->n - 1] = -k;	/* k iter + rest >= 0 */
	at_cg_ub_reduce(lin, &ub->div[ub->n - 1]);
	return 0;
}

/* Adds the bounds of the conjunction or comparison e; returns 0 or -1. */
static int at_cg_ub_add(at_cg_ub *ub, __isl_keep isl_ast_expr *e,
	__isl_keep isl_ast_expr *iter)
{
	enum isl_ast_expr_op_type t;

	if (isl_ast_expr_get_type(e) != isl_ast_expr_op)
		return -1;
	t = isl_ast_expr_op_get_type(e);
	if (t == isl_ast_expr_op_and || t == isl_ast_expr_op_and_then) {
		isl_ast_expr *a = isl_ast_expr_op_get_arg(e, 0);
		isl_ast_expr *b = isl_ast_expr_op_get_arg(e, 1);
		int r = a && b && at_cg_ub_add(ub, a, iter) == 0 &&
			at_cg_ub_add(ub, b, iter) == 0 ? 0 : -1;
		isl_ast_expr_free(a);
		isl_ast_expr_free(b);
		return r;
	}
	return at_cg_ub_cmp(ub, e, iter);
}

/* Reads a loop's upper bound (see codegen_int.h). */
int at_cg_ub_read(__isl_keep isl_ast_expr *cond, __isl_keep isl_ast_expr *iter,
	at_cg_ub *ub)
{
	memset(ub, 0, sizeof(*ub));
	if (cond && iter && at_cg_ub_add(ub, cond, iter) == 0 && ub->n > 0)
		return 0;
	at_cg_ub_clear(ub);
	return -1;
}

/* Frees the atoms of *ub (see codegen_int.h). */
void at_cg_ub_clear(at_cg_ub *ub)
{
	for (int i = 0; i < ub->n; i++)
		at_cg_lin_clear(&ub->rest[i]);
	ub->n = 0;
}
