/*
 * codegen_int.h — internals shared by codegen.c and codegen_bound.c: a
 * loop's upper bound read off its isl AST condition, and the coefficient
 * of an iterator in an AST expression.
 *
 * isl's AST builder can give each loop a single upper bound
 * (`i <= min(...)`, option ast_build_atomic_upper_bound) or the
 * conjunction of the constraints that bound it (`N >= i + 1 && 32 * t +
 * 31 >= i`).  Computing the single bound is most of the build's time on
 * wavefront tilings (seidel2d: 0.52 s of 0.55 s), so codegen asks isl for
 * the conjunction and solves each constraint for the iterator itself:
 * i <= floor(rest / d).  The loop then runs to the minimum of those
 * bounds, hoisted before the loop when it costs more than an addition,
 * which is what the option would give and keeps `for` in OpenMP's
 * canonical form.
 */
#ifndef AT_CODEGEN_INT_H
#define AT_CODEGEN_INT_H

#include <isl/ast.h>

#define AT_CG_LIN_MAX 16	/* terms of one linear form */
#define AT_CG_UB_MAX 32		/* constraints of one loop condition */

/* sum_i coef[i] * atom[i] + c: atoms are identifiers or subexpressions
 * that do not contain the loop iterator (each appears once). */
typedef struct at_cg_lin {
	int n;
	long coef[AT_CG_LIN_MAX];
	isl_ast_expr *atom[AT_CG_LIN_MAX];
	long c;
} at_cg_lin;

/* The upper bound of a loop: iterator <= min_i floor(rest[i] / div[i]),
 * div[i] >= 1. */
typedef struct at_cg_ub {
	int n;
	at_cg_lin rest[AT_CG_UB_MAX];
	long div[AT_CG_UB_MAX];
} at_cg_ub;

/* Reads the condition `cond` of a loop over `iter` as an upper bound
 * into *ub: a conjunction of comparisons, each linear in iter with a
 * negative coefficient once moved to one side (`expr >= 0`).  Returns 0,
 * or -1 (ub cleared) when cond has another form (iter inside a division,
 * a lower bound, a disjunction) or too many terms. */
int at_cg_ub_read(__isl_keep isl_ast_expr *cond, __isl_keep isl_ast_expr *iter,
	at_cg_ub *ub);

/* Frees the atoms of *ub and empties it. */
void at_cg_ub_clear(at_cg_ub *ub);

/* Stores in *k the coefficient of the identifier expression iter in e, a
 * sum of integer multiples of identifiers and of subexpressions without
 * iter.  Returns 0, or -1 when iter appears otherwise (inside a division,
 * a min, a product of two variables) or on overflow. */
int at_cg_coef(__isl_keep isl_ast_expr *e, __isl_keep isl_ast_expr *iter,
	long *k);

#endif
