// member.c — struct members in bounds and subscripts (`g->n`, `G.r.lo`,
// `g->r.hi` of type long) are read as parameters since session 65: the
// transformed nest starts from a copy of each (`const int at_g_n =
// g->n;`), so the nest must not be able to change them: one that writes
// integers (which a pointer may make the member) or the variable they
// are read from is left as written, as is a volatile member, each with
// the reason; so is one that reads `g->n` only inside its loops, which
// may not run (g may then be invalid; `g->r.lo` beside `g->n` in the
// outer loop's header is fine).  Before, every such nest was refused as
// "not affine".
// expect-exit: 0
// expect-diag: 46:4: warning: autotile: the nest writes `I`, of integers, which may hold `g->n`
// expect-diag: 48:16: warning: autotile: condition `i < g->vn` of loop `i` is not an affine bound: a member access \(`g->vn`\) is read as a parameter only when it is an integer member, not volatile,
// expect-diag: 53:3: warning: autotile: array `g` is used without subscript
// expect-diag: 38:10: warning: autotile: `g->n` is read only inside the nest's loops, which may not run
// expect-kept: const int at_g_n = g->n; (void)at_g_n;
// expect-kept: const long at_g_r_hi = g->r.hi; (void)at_g_r_hi;
// expect-kept: const int at_G_r_lo = G.r.lo; (void)at_G_r_lo;
// expect-gone: for (int j = g->r.lo; j < g->r.hi; j++)
// expect-gone: for (int j = 0; j < G.n; j++)
// expect-kept: I[j] += i;
#include <stdio.h>

struct in { int lo; long hi; };
struct grid { int n; struct in r; volatile int vn; };
static double A[100][100], V[10000];
static int I[100];

static void reads(const struct grid *g, double *restrict v)
{
#pragma autotile
	for (int i = 0; i < g->n; i++)
		for (int j = g->r.lo; j < g->r.hi; j++)
			v[i * 100 + j] += A[j][i] * 2 + j;
#pragma autotile
	for (int i = 1; i < 99; i++)
		for (int j = 0; j < 100; j++)
			v[i * g->n + j] += v[(i - 1) * g->n + j] * 0.5;
}

static void refused(struct grid *g, struct grid *h)
{
#pragma autotile
	for (int i = 0; i < g->n; i++)
		for (int j = 0; j < g->n; j++)
			I[j] += i;
#pragma autotile
	for (int i = 0; i < g->vn; i++)
		for (int j = 0; j < 100; j++)
			A[i][j] += 1;
#pragma autotile
	for (int i = 0; i < g->n; i++) {
		g = h;
		A[i][0] += 1;
	}
}

int main(void)
{
	struct grid G = { 90, { 3, 80 }, 60 }, H = G;
	double s = 0;

	for (int i = 0; i < 100; i++)
		for (int j = 0; j < 100; j++)
			A[i][j] = (i * 7 + j * 3) % 11;
	reads(&G, V);
	refused(&G, &H);
#pragma autotile
	for (int i = G.r.lo; i < 100; i++)
		for (int j = 0; j < G.n; j++)
			A[i][j] += A[i - 1][j] + V[j * 100 + i];
	for (int i = 0; i < 100; i++)
		for (int j = 0; j < 100; j++)
			s += A[i][j] * (i + 1) + V[i * 100 + j] * j + I[j];
	printf("%.6f\n", s);
	return 0;
}
