// intrange.c — values near the ends of int.  A size macro near INT_MAX
// (`#define BIG 2147483647`) is kept by name in the generated bounds,
// which then computed `2 * BIG - 3` in int and overflowed; since session
// 55 a parameter whose known value is that big makes the generated loops
// count in long, with long constants, as a literal that big already did
// (tests/errors/bigconst.c).  A min function called with an argument it
// converts (`imin(N - 1, m)` with a long m of 3e9, which C passes as a
// negative int, so the loop never runs) was read as the minimum of the
// unconverted values; it now leaves the nest unchanged with a warning.
// Until session 55 both nests printed other sums.  All must print what
// the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 37:23: warning: autotile: `imin\(\.\.\.\)` in a bound converts an argument
// expect-gone: A[i - (BIG - N)][j - (BIG - N)] = A[i - (BIG - N) - 1][j - (BIG - N) + 1] * 0.5 + 1;
// expect-kept: for (int j = 0; j < imin(N - 1, m); j++)
#include <stdio.h>

#define N 60
#define BIG 2147483647

static double A[N + 2][N + 2];

static int imin(int a, int b)
{
	return a < b ? a : b;
}

static void nests(long m)
{
#pragma autotile
	for (int i = BIG - N + 1; i < BIG; i++)
		for (int j = BIG - N; j < BIG - 1; j++)
			A[i - (BIG - N)][j - (BIG - N)] = A[i - (BIG - N) - 1][j - (BIG - N) + 1] * 0.5 + 1;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < imin(N - 1, m); j++)
			A[i][j] = A[i - 1][j + 1] * 0.25 + 2;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N + 2; i++)
		for (int j = 0; j < N + 2; j++)
			A[i][j] = (i * 7 + 3 * j) % 101;
	nests(3000000000L);
	for (int i = 0; i < N + 2; i++)
		for (int j = 0; j < N + 2; j++)
			s = s * 1.0000001 + A[i][j];
	printf("%.17g\n", s);
	return 0;
}
