// ptrread.c — a nest that only reads through a plain pointer which may
// point to a variable the nest writes: its own iterator declared outside
// it (`pi = &j`, read as `pi[0]`), a scalar it sets in each row (`ps =
// &s`), or a global it writes (`f(&g)`, read as `p[0]`).  Until session
// 61 only pointers the nest writes through were compared with its
// scalars: the first two nests read the stale values even as written
// (`--strategy none` printed other sums) and the third was tiled and
// run in parallel.  Found by a helper's probe programs (session 61).
// Each now leaves its nest unchanged with a warning; the last nest,
// whose pointer reads only a parameter's array, is still transformed.
// All must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 29:1: warning: autotile: the nest reads through pointer `pi`, which may point to `j` \(its address is taken on line 28\)
// expect-diag: 39:1: warning: autotile: the nest reads through pointer `ps`, which may point to `s` \(its address is taken on line 38\)
// expect-diag: 49:1: warning: autotile: the nest reads through pointer `p`, which may point to `g` \(its address is taken on line 76\)
// expect-kept: B[(c
#include <stdio.h>

#define N 90

static double A[N][N], B[N][N], C[N][N];
static double g = 1.0;

static void iter(void)
{
	int i, j;
	int *pi = &j;
#pragma autotile
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++)
			B[i][j] = A[i][j] + pi[0];
}

static void scalar(void)
{
	double s = 0;
	double *ps = &s;
#pragma autotile
	for (int i = 0; i < N; i++) {
		s = A[i][0] * 0.5;
		for (int j = 0; j < N; j++)
			C[i][j] = C[i][j] * 0.5 + ps[0];
	}
}

static void global(const double *p)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			B[i][j] = B[i][j] + A[i][j] * p[0];
			g = A[i][j] + 0.5;
		}
}

static void clean(const double *p)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = B[i][j] * 0.5 + p[j] * A[j][i];
}

int main(void)
{
	double c = 0, v[N];

	for (int i = 0; i < N; i++) {
		v[i] = (double)(i % 7) / 3.0;
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11) / 5.0;
	}
	iter();
	scalar();
	global(&g);
	clean(v);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			c += (B[i][j] + C[i][j]) * (i * 7 + j + 1);
	printf("%.17g %.17g\n", c, g);
	return 0;
}
