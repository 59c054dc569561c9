// pragmaabove.c — a pragma that applies to the next statement, on the line
// above `#pragma autotile` (as when autotile is added to OpenMP code)
// or between the mark and its loop.  Until session 56 the first kind
// stood above the generated `{ ... }` block, and the output did not
// compile ("for statement expected"); the second kind got a warning
// that the mark "is not followed by a for loop".  Both now leave the
// nest unchanged with a warning naming the pragma, also when it is
// written with the operator `_Pragma("...")`, directly or through a
// macro, or continued on a second line.  A pragma that
// applies to no statement (`#pragma GCC diagnostic`) does not stop the
// nest from being transformed.  All must print what the original
// prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 43:1: warning: autotile: `#pragma omp parallel for` on the line above applies to the code that autotile would replace
// expect-diag: 48:1: warning: autotile: `#pragma GCC unroll 2` on the line above
// expect-diag: 52:1: warning: autotile: `#pragma omp` between `#pragma autotile` and its loop
// expect-diag: 58:1: warning: autotile: `_Pragma\("omp parallel for"\)` on the line above
// expect-diag: 63:1: warning: autotile: `PAR` on the line above
// expect-diag: 69:1: warning: autotile: `#pragma GCC unroll 4` on the line above
// expect-kept: B[i][j] = A[i][j] * 0.5 + A[j][i] * 0.25;
// expect-kept: B[i][j] += A[i][j] * 0.125;
// expect-kept: A[i][j] = A[i][j] * 0.5 + B[j][i];
// expect-kept: B[j][i] -= A[i][j] * 0.25;
// expect-kept: B[j][i] *= 0.75;
// expect-kept: B[i][j] += A[j][i] * 0.5;
// expect-gone: A[i][j] += B[i][j] * B[j][i] * 0.0625;
#include <stdio.h>

#define N 30
#define PAR _Pragma("omp parallel for")

static double A[N][N], B[N][N];

int main(void)
{
	double q = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = i * 0.5 + j * 0.25 - 3;
#pragma omp parallel for
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = A[i][j] * 0.5 + A[j][i] * 0.25;
#pragma GCC unroll 2
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] += A[i][j] * 0.125;
#pragma autotile
#pragma omp simd
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = A[i][j] * 0.5 + B[j][i];
	_Pragma("omp parallel for")
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[j][i] -= A[i][j] * 0.25;
	PAR
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[j][i] *= 0.75;
#pragma GCC \
	unroll 4
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] += A[j][i] * 0.5;
#pragma GCC diagnostic push
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += B[i][j] * B[j][i] * 0.0625;
#pragma GCC diagnostic pop
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			q += (A[i][j] + B[i][j]) * (i + 1);
	printf("%.17g\n", q);
	return 0;
}
