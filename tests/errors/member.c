// member.c — a struct member in a bound or subscript (`g->n`, `G.r.lo`)
// is not read as a parameter; the reason now names the member access
// and what to do (copy it into a local variable before the nest), where
// it said only "not affine".  The last nest does that and is tiled
// (versioned on gn >= n, for its linearized subscript).
// expect-exit: 0
// expect-diag: 26:6: warning: autotile: subscript `i \* g->n \+ j` of `V` is not affine: autotile reads no member access \(`g->n`\) as a parameter; copy it into a local variable before the nest; loop nest left unchanged
// expect-diag: 28:15: warning: autotile: initial value `g->r.lo` of loop `i` is not affine: autotile reads no member access \(`g->r.lo`\)
// expect-diag: 34:6: warning: autotile: subscript `i \+ G.r.lo` of `A` is not affine: autotile reads no member access \(`G.r.lo`\)
// expect-diag: 37:17: warning: autotile: condition `j < G.n` of loop `j` is not an affine bound: autotile reads no member access \(`G.n`\)
// expect-kept: V[i * g->n + j] = A[j][i] + i;
// expect-kept: if (gn >= n) {
#include <stdio.h>

struct in { int lo; };
struct grid { int n; struct in r; double *u; };
static double A[100][100], V[10000];

int main(void)
{
	struct grid G = { 100, { 1 }, V }, *g = &G;
	int n = 100;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			V[i * g->n + j] = A[j][i] + i;
#pragma autotile
	for (int i = g->r.lo; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] = A[i - 1][j] + 1;
#pragma autotile
	for (int i = 0; i < n - 1; i++)
		for (int j = 0; j < n; j++)
			A[i + G.r.lo][j] = A[i][j] * 0.5;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < G.n; j++)
			A[i][j] += 1;
	const int gn = G.n;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < gn; j++)
			A[i][j] += V[j * gn + i];
	printf("%f %f\n", A[5][7], V[77]);
	return 0;
}
