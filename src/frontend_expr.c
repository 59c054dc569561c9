/*
 * frontend_expr.c — stage 1's arithmetic: affine rows and the polynomials
 * of linearized subscripts over the symbols of a nest (src/frontend_int.h
 * says what they are).  Plain C: no libclang, no isl.
 */
#include <string.h>

#include "frontend_int.h"

/* Sets *r = a * x + b * y (+ c) (see frontend_int.h). */
int at_fe_comb(at_fe_aff *r, long a, const at_fe_aff *x, long b,
	const at_fe_aff *y, long c)
{
	for (int k = 0; k < AT_FE_ROW; k++) {
		long p, q;

		if (__builtin_mul_overflow(a, x->v[k], &p) ||
		    __builtin_mul_overflow(b, y->v[k], &q) ||
		    __builtin_add_overflow(p, q, &r->v[k]))
			return -1;
	}
	if (__builtin_add_overflow(r->v[AT_FE_CST], c, &r->v[AT_FE_CST]))
		return -1;
	return 0;
}

/* Returns 1 when `a` has no symbol coefficient (see frontend_int.h). */
int at_fe_is_const(const at_fe_aff *a)
{
	for (int k = 0; k < AT_FE_NSYM; k++)
		if (a->v[k])
			return 0;
	return 1;
}

/* Returns 1 when x is a constant (see frontend_int.h). */
int at_fe_poly_is_const(const at_fe_poly *x)
{
	return x->n == 0 && at_fe_is_const(&x->a);
}

/* Adds c times the product of sym[0..deg) (sorted) to *r: to its affine
 * part for deg < 2.  Returns -1 on overflow or when r has no room for
 * another product. */
static int at_fe_poly_term(at_fe_poly *r, long c, int deg, const int *sym)
{
	int i;

	if (deg < 2) {
		long *v = &r->a.v[deg ? sym[0] : AT_FE_CST];
		return __builtin_add_overflow(*v, c, v) ? -1 : 0;
	}
	for (i = 0; i < r->n; i++)
		if (r->m[i].deg == deg &&
		    !memcmp(r->m[i].sym, sym, (size_t)deg * sizeof *sym))
			break;
	if (i == r->n) {
		if (r->n == AT_FE_MAXMONO)
			return -1;
		memset(&r->m[i], 0, sizeof r->m[i]);
		r->m[i].deg = deg;
		memcpy(r->m[i].sym, sym, (size_t)deg * sizeof *sym);
		r->n++;
	}
	if (__builtin_add_overflow(r->m[i].c, c, &r->m[i].c))
		return -1;
	if (r->m[i].c == 0)	/* cancelled: drop it */
		r->m[i] = r->m[--r->n];
	return 0;
}

/* Sets *r = x + b * y (see frontend_int.h). */
int at_fe_poly_add(at_fe_poly *r, const at_fe_poly *x, long b,
	const at_fe_poly *y)
{
	at_fe_poly t = *x;

	if (at_fe_comb(&t.a, 1, &x->a, b, &y->a, 0) < 0)
		return -1;
	for (int i = 0; i < y->n; i++) {
		long c;
		if (__builtin_mul_overflow(b, y->m[i].c, &c) ||
		    at_fe_poly_term(&t, c, y->m[i].deg, y->m[i].sym) < 0)
			return -1;
	}
	*r = t;
	return 0;
}

/* The terms of x as products: *n of them in out (room for AT_FE_ROW +
 * AT_FE_MAXMONO), the constant and each symbol of the affine part with
 * deg 0 and 1. */
static void at_fe_poly_terms(const at_fe_poly *x, at_fe_mono *out, int *n)
{
	*n = 0;
	for (int k = 0; k <= AT_FE_NSYM; k++) {
		if (!x->a.v[k])
			continue;
		memset(&out[*n], 0, sizeof out[*n]);
		out[*n].c = x->a.v[k];
		out[*n].deg = k < AT_FE_NSYM;
		out[*n].sym[0] = k;
		(*n)++;
	}
	for (int i = 0; i < x->n; i++)
		out[(*n)++] = x->m[i];
}

/* Sets *r = x * y (see frontend_int.h). */
int at_fe_poly_mul(at_fe_poly *r, const at_fe_poly *x, const at_fe_poly *y)
{
	at_fe_mono tx[AT_FE_ROW + AT_FE_MAXMONO], ty[AT_FE_ROW + AT_FE_MAXMONO];
	int nx, ny;

	at_fe_poly_terms(x, tx, &nx);
	at_fe_poly_terms(y, ty, &ny);
	memset(r, 0, sizeof *r);
	for (int i = 0; i < nx; i++)
		for (int j = 0; j < ny; j++) {
			int sym[2 * AT_FE_MAXDEG], deg = tx[i].deg + ty[j].deg;
			int a = 0, b = 0;
			long c;

			if (deg > AT_FE_MAXDEG ||
			    __builtin_mul_overflow(tx[i].c, ty[j].c, &c))
				return -1;
			for (int k = 0; k < deg; k++)	/* merge, sorted */
				sym[k] = b == ty[j].deg || (a < tx[i].deg &&
					tx[i].sym[a] <= ty[j].sym[b]) ?
					tx[i].sym[a++] : ty[j].sym[b++];
			if (at_fe_poly_term(r, c, deg, sym) < 0)
				return -1;
		}
	return 0;
}

/* Returns 1 when product m has symbol s. */
static int at_fe_mono_has(const at_fe_mono *m, int s)
{
	for (int k = 0; k < m->deg; k++)
		if (m->sym[k] == s)
			return 1;
	return 0;
}

/* Returns the symbol x splits by (see frontend_int.h). */
int at_fe_poly_size(const at_fe_poly *x, const int *is_param)
{
	int found = -1;

	if (x->n == 0)
		return -1;
	for (int k = 0; k < x->m[0].deg; k++) {
		int s = x->m[0].sym[k], all = is_param[s];

		if (k && s == x->m[0].sym[k - 1])
			continue;
		for (int i = 1; all && i < x->n; i++)
			all = at_fe_mono_has(&x->m[i], s);
		if (!all)
			continue;
		if (found >= 0)
			return -1;	/* two sizes: which one is the row? */
		found = s;
	}
	return found;
}

/* Splits x = q * s + r (see frontend_int.h). */
int at_fe_poly_split(const at_fe_poly *x, int s, at_fe_poly *q,
	at_fe_aff *r)
{
	memset(q, 0, sizeof *q);
	*r = x->a;
	q->a.v[AT_FE_CST] = x->a.v[s];
	r->v[s] = 0;
	for (int i = 0; i < x->n; i++) {
		const at_fe_mono *m = &x->m[i];
		int sym[AT_FE_MAXDEG], d = 0, skipped = 0;

		if (!at_fe_mono_has(m, s))
			return 1;
		for (int k = 0; k < m->deg; k++) {
			if (!skipped && m->sym[k] == s) {
				skipped = 1;
				continue;
			}
			sym[d++] = m->sym[k];
		}
		/* distinct products stay distinct without one s: no sums */
		if (at_fe_poly_term(q, m->c, d, sym) < 0)
			return 1;
	}
	return 0;
}
