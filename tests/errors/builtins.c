// builtins.c — math.h's classification macros in statements.  isnan(x)
// and its kin expand to compiler builtins (__builtin_isnan), which have
// no side effects and which no program can define; until session 56 a
// nest calling one was left unchanged ("call to `__builtin_isnan` may
// have side effects").  Such a nest is now transformed.  A tile size
// above the largest a clause takes got "must be positive integers";
// the warning now gives the range.  All must print what the original
// prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 37:1: warning: autotile: malformed clause `tile\(2147483647\)`: tile sizes must be integers from 1 to 4096
// expect-gone: B[i][j] = isnan(A[i][j]) || isinf(A[i][j]) ? 0 : A[j][i] * 0.5;
// expect-gone: B[i][j] += signbit(A[i][j]) ? 1 : isfinite(A[j][i]);
#include <math.h>
#include <stdio.h>

#define N 40

static double A[N][N], B[N][N];

int main(void)
{
	double q = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (i - j) * 0.75;
			if ((i * 7 + j) % 11 == 0)
				A[i][j] = NAN;
			if ((i * 3 + j) % 13 == 0)
				A[i][j] = -INFINITY;
		}
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = isnan(A[i][j]) || isinf(A[i][j]) ? 0 : A[j][i] * 0.5;
#pragma autotile tile(2147483647)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] += signbit(A[i][j]) ? 1 : isfinite(A[j][i]);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			q += isnan(B[i][j]) ? 0 : B[i][j] * (i + 1);
	printf("%.17g\n", q);
	return 0;
}
