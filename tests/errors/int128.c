// int128.c — 128-bit integers in a nest's bounds, and a volatile
// iterator.  The transformed loops count and bound in long; until
// session 63 a `__int128` parameter or macro was read as one and printed
// as `(long)n`, which keeps the low 64 bits: at n = 2^64 the transformed
// nest ran none of the iterations where the original runs 40 (and a
// `__int128` iterator started from `(long)b`).  A `volatile` iterator
// was tiled, and the transformed loops never accessed it.  Each nest is
// now left as written with a warning.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 28:33: warning: autotile: `n` has a 128-bit type
// expect-diag: 36:33: warning: autotile: macro `BIG` has a 128-bit type
// expect-diag: 43:16: warning: autotile: iterator `i` of type `__int128` is wider
// expect-diag: 50:20: warning: autotile: iterator `i` is volatile
// expect-kept: for (int j = 0; j < 40 && j < n; j++)
// expect-kept: for (int j = 0; j < 40 && j < BIG; j++)
// expect-kept: for (__int128 i = b; i < b + 40; i++)
// expect-kept: for (volatile int i = 1; i < 40; i++)
#include <stdio.h>

#define BIG ((__int128)1 << 64)
static double A[40][40], B[40][40], C[40], D[40][40];

__attribute__((noinline)) static void param(__int128 n)
{
#pragma autotile
	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40 && j < n; j++)
			A[i][j] += A[i][j > 0 ? j - 1 : 0] * 0.5 + 1;
}

static void macro(void)
{
#pragma autotile
	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40 && j < BIG; j++)
			B[i][j] += i + j;
}

__attribute__((noinline)) static void iter(__int128 b)
{
#pragma autotile
	for (__int128 i = b; i < b + 40; i++)
		C[i - b] += (double)(i >> 60);
}

static void vol(void)
{
#pragma autotile
	for (volatile int i = 1; i < 40; i++)
		for (int k = 1; k < 40; k++)
			D[k][i] += D[k - 1][i] * 0.25 + 1;
}

int main(void)
{
	double s = 0;

	param((__int128)1 << 64);
	macro();
	iter((__int128)1 << 64);
	vol();
	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40; j++)
			s += (A[i][j] + B[i][j] + D[i][j]) * (i + 1) + C[j];
	printf("%a\n", s);
	return 0;
}
