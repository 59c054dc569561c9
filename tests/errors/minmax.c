// minmax.c — calls in loop bounds read as a minimum or maximum from their
// definitions, not from their names.  sys/param.h's MIN and MAX, a macro
// with its comparison the other way round, and a function of two int
// parameters that returns `a <= b ? a : b` are read and the nests tiled.
// A macro that adds 1 to one arm, a function named `min` that returns the
// larger argument (read as the maximum it is: `j < max(...)` is no affine
// bound) and one named `low` that returns a sum leave their nests as
// written.  Until session 54 autotile read any call named min, max, MIN or
// MAX as the minimum or maximum and tiled the last three nests too, and
// the output printed another sum.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 52:23: warning: autotile: `SMALLER\(\.\.\.\)` in a bound: its definition is not one autotile reads as a minimum or maximum .*, and its expansion is not affine
// expect-diag: 56:17: warning: autotile: condition `j < min\(i, 8\)` of loop `j` is not an affine bound
// expect-diag: 60:23: warning: autotile: `low\(\.\.\.\)` in a bound
// expect-gone: for (int j = MAX(0, i - 8); j < MIN(i + 8, N); j++)
// expect-gone: for (int j = 2; j < MIN2(N, i + 5); j++)
// expect-gone: for (int j = 1; j < imin(i + 9, N); j++)
// expect-kept: for (int j = 0; j < SMALLER(i, 8); j++)
// expect-kept: for (int j = 0; j < min(i, 8); j++)
// expect-kept: for (int j = 0; j < low(i, 3); j++)
#include <stdio.h>
#include <sys/param.h>

#define N 50
#define MIN2(x, y) (((y) < (x)) ? (y) : (x))
#define SMALLER(a, b) ((a) < (b) ? (a) : (b) + 1)

static double A[N][N], B[N][N];

static int imin(int a, int b) { return a <= b ? a : b; }
static int min(int a, int b) { return a > b ? a : b; }
static int low(int a, int b);

/* Six bands of B from A, each bounded through a call. */
static void bands(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = MAX(0, i - 8); j < MIN(i + 8, N); j++)
			B[i][j] = A[j][i] + 1.0;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 2; j < MIN2(N, i + 5); j++)
			B[i][j] += 0.5 * A[i][j];
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 1; j < imin(i + 9, N); j++)
			B[i][j] += 0.25 * A[j][i];
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < SMALLER(i, 8); j++)
			B[i][j] -= 0.125 * A[i][j];
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < min(i, 8); j++)
			B[i][j] += 2.0 * A[j][i];
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < low(i, 3); j++)
			B[i][j] += 3.0 * A[i][j];
}

int main(void)
{
	double sum = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 5 + j * 3) % 17);
	bands();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			sum += B[i][j] * (i + 1) + j;
	printf("%.1f\n", sum);
	return 0;
}

/* Not a minimum: a sum (so that low(i, 3) stays below N). */
static int low(int a, int b)
{
	return a / 2 + b;
}
