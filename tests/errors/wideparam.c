// wideparam.c — the same tiled sweep over int iterators, once with its
// size an int parameter and once a long one.  Generated bounds are
// computed in one type, the iterators': with an int size they are int and
// call the int helpers (at_min, at_floord); with a long size, whose sums
// (n + 6, 8 * c0 + n) int may not hold, they are long and call the long
// ones (at_lmin, at_lfloord).  Until session 53 every nest called long
// helpers and narrowed their results into int bounds, which GCC 12.2 at
// -O2 miscompiled in one generated tiling (tests/gcc/param-bounds.c).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-kept: for (long at_c0 = 
// expect-kept: at_lmin(
// expect-kept: at_lfloord(
// expect-kept: for (int at_c0 = 
// expect-kept: at_min(
// expect-kept: at_floord(
// expect-kept: static inline int at_min(int at_a, int at_b)
// expect-kept: static inline long at_lmin(long at_a, long at_b)
// expect-gone: for (int j = 1; j < n - 1; j++)
#include <stdio.h>

#define N 67

static double A[N][N], B[N][N];

/* Sweeps B's interior from A's and A's from B's, n by n (int size). */
static void sweep_int(int n)
{
#pragma autotile
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			B[i][j] = 0.25 * (A[i - 1][j] + A[i][j - 1] + A[i][j]
					  + A[i + 1][j]);
}

/* The same with a long size. */
static void sweep_long(long n)
{
#pragma autotile
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			A[i][j] = 0.25 * (B[i - 1][j] + B[i][j - 1] + B[i][j]
					  + B[i + 1][j]);
}

int main(void)
{
	double sum = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
	for (int r = 0; r < 3; r++) {
		sweep_int(N);
		sweep_long(N);
	}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			sum += A[i][j] * (i + 1) + B[i][j] * (j + 2);
	printf("%.17g\n", sum);
	return 0;
}
