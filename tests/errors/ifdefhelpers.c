// ifdefhelpers.c — the first transformed nest's function inside an
// `#ifdef` branch.  The helpers the generated code calls went just
// before that function, inside the branch, so a build of the output
// without the -D autotile was given (`-DUSE_A` here; make test compiles
// both programs without it) lost them for the nest outside it.  Found
// by a helper's probe programs (session 59); the helpers now go before
// the outermost conditional open there.
// expect-exit: 0
// expect-args: -DUSE_A --strategy fixed:8
// expect-gone: B[i][j] = B[i - 1][j] * 0.5 + B[i][j - 1] * 0.25 + A[i][j];
#include <stdio.h>

#define N 40

double A[N][N], B[N][N];

#ifdef USE_A
static void fa(int n)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25;
}
#else
static void fa(int n)
{
	(void)n;
}
#endif

static void fb(int n)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			B[i][j] = B[i - 1][j] * 0.5 + B[i][j - 1] * 0.25 + A[i][j];
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (i * 7 + j * 3) % 11 * 0.37;
			B[i][j] = 1;
		}
	fa(N);
	fb(N);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + B[i][j] * j;
	printf("%.17g\n", s);
	return 0;
}
