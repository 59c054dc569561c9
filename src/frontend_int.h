/*
 * frontend_int.h — what the two halves of stage 1 share: src/frontend.c
 * (libclang, tokens, the structure of a nest) and src/frontend_expr.c
 * (the arithmetic of the expressions it reads: affine rows, and the
 * products of symbols a linearized subscript such as `a[i * n + j]` has).
 * Not part of the library's interface (include/at_frontend.h is).
 *
 * Symbols.  While a nest is read, its loops and parameters are numbered
 * in the order they are met ("symbols"); a row has one coefficient per
 * symbol and the constant last.  frontend.c remaps rows to at_scop's
 * global columns when the nest is complete.
 *
 * Linearized subscripts.  An array used with one subscript whose value
 * has products of symbols, `a[(i * n + j) * m + k]`, is read as
 * a[i][j][k] with rows of length n and planes of m rows: the subscript is
 * split by m (the parameter in every product) into q * m + r, r the terms
 * without m, then q by n.  That reading is exact when 0 <= j < n and
 * 0 <= k < m hold at every instance (an element then has one set of
 * subscripts); frontend.c has isl prove it (at_scop_check_split) or
 * leaves the nest unchanged.
 */
#ifndef AT_FRONTEND_INT_H
#define AT_FRONTEND_INT_H

#define AT_FE_NSYM 64			/* loops + parameters of one nest */
#define AT_FE_CST AT_FE_NSYM		/* the constant's slot in a row */
#define AT_FE_ROW (AT_FE_NSYM + 1)	/* length of a symbol-space row */
#define AT_FE_MAXDEG 4			/* symbols in one product */
#define AT_FE_MAXMONO 16		/* products in one expression */

/* An affine expression over the symbols of a nest plus a constant. */
typedef struct at_fe_aff {
	long v[AT_FE_ROW];
} at_fe_aff;

/* c times the product of deg >= 2 symbols sym[0] <= sym[1] <= ... */
typedef struct at_fe_mono {
	long c;
	int deg;
	int sym[AT_FE_MAXDEG];
} at_fe_mono;

/* An affine part plus n products of symbols (no two with the same
 * symbols, none with c = 0). */
typedef struct at_fe_poly {
	at_fe_aff a;
	int n;
	at_fe_mono m[AT_FE_MAXMONO];
} at_fe_poly;

/* Sets *r = a * x + b * y (+ c) element-wise over rows.  Returns -1 on
 * overflow. */
int at_fe_comb(at_fe_aff *r, long a, const at_fe_aff *x, long b,
	const at_fe_aff *y, long c);

/* Returns 1 when `a` has no symbol coefficient (it is a constant). */
int at_fe_is_const(const at_fe_aff *a);

/* Returns 1 when `x` is a constant (no symbol, no product). */
int at_fe_poly_is_const(const at_fe_poly *x);

/* Sets *r = x + b * y.  Returns -1 on overflow or when the sum has more
 * than AT_FE_MAXMONO products.  r may be x or y. */
int at_fe_poly_add(at_fe_poly *r, const at_fe_poly *x, long b,
	const at_fe_poly *y);

/* Sets *r = x * y.  Returns -1 on overflow, or when a product would have
 * more than AT_FE_MAXDEG symbols or the result more than AT_FE_MAXMONO
 * products.  r must be neither x nor y. */
int at_fe_poly_mul(at_fe_poly *r, const at_fe_poly *x, const at_fe_poly *y);

/* Finds the size a linearized subscript `x` (one with products) is split
 * by first: the one symbol that is in every product of x and for which
 * is_param[symbol] is set.  Returns it, or -1 when x has no product or no
 * such symbol, or more than one. */
int at_fe_poly_size(const at_fe_poly *x, const int *is_param);

/* Splits x = q * s + r: q gets the products of x that have symbol s,
 * divided by s, and s's coefficient as its constant; r the rest.
 * Returns 0, or 1 when r is not affine (x does not split by s). */
int at_fe_poly_split(const at_fe_poly *x, int s, at_fe_poly *q,
	at_fe_aff *r);

#endif
