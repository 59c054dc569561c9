// ptrscalar.c — a nest that writes through a plain pointer which points
// to a scalar the nest reads: its loop bound (`k(&lim)` with `Q[0] = ...`
// in the nest; the transformed loops read the bound once) or a scalar
// of its statements (`sc[0] = ...` with sc == &g, which the other
// statement reads; the transformed order moves those reads past the
// writes).  Session 51's run-time check compares such a pointer with the
// nest's arrays only, so until session 55 both nests were tiled and the
// program printed other sums.  A scalar whose address the file takes
// now leaves such a nest unchanged with a warning, and so does a global
// other files could take the address of (`pub`); the last nest, whose
// pointer cannot reach its scalars (a parameter, a static global whose
// address is never taken), is still transformed (versioned on its rows,
// so its original stays too).  All must print what the original prints,
// with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 32:1: warning: autotile: the nest writes through pointer `Q`, which may point to `lim` \(its address is taken on line 67\)
// expect-diag: 42:1: warning: autotile: the nest writes through pointer `Q`, which may point to `g` \(its address is taken on line 68\)
// expect-diag: 48:1: warning: autotile: the nest writes through pointer `Q`, which may point to `pub`, a global other files can take the address of
// expect-kept: Q[((c
#include <stdio.h>

#define N 60

static double A[N][N], B[N * N];
static int lim = N;
static double g = 1.0, h = 0.5;
double pub = 0.25;

static void bound(int *Q)
{
#pragma autotile
	for (int i = 1; i < lim; i++) {
		Q[0] = Q[0] - 1;
		for (int j = 0; j < lim - 1; j++)
			A[i][j] = A[i - 1][j + 1] * 0.5 + 1;
	}
}

static void scalars(int n, double *Q, double *sc)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n - 1; j++) {
			Q[i * N + j] = Q[(i - 1) * N + j + 1] * 0.25 + g;
			sc[0] = sc[0] * 0.25 + A[i][j] * 0.01;
		}
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n - 1; j++)
			Q[i * N + j] = Q[(i - 1) * N + j + 1] * 0.5 + pub;
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n - 1; j++)
			Q[i * N + j] = Q[(i - 1) * N + j + 1] * 0.5 + h * n;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (i * 7 + 3 * j) % 101;
			B[i * N + j] = (i + j) % 13;
		}
	bound(&lim);
	scalars(N, B, &g);
	for (int i = 0; i < N * N; i++)
		s = s * 1.0000001 + B[i];
	printf("%.17g %.17g %d\n", s, g, lim);
	return 0;
}
