// macroarg.c — a size macro passed to a function-like macro that repeats
// its argument, `MIN(i + 8, N)`, as hand-blocked and PolyBench-style code
// bounds its loops.  The expansion holds two copies of N's expansion, each
// one operand; autotile reads them as the one parameter they are (until
// session 54 it found no copy at all and left every such nest unchanged,
// blaming N).  A size spelled as a literal, as a variable and as a
// parenthesized expression is read; `m - 1` unparenthesized is not one
// operand, so that nest stays as written with a warning naming the macro.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 43:34: warning: autotile: macro `Q` does not expand to one operand here
// expect-gone: for (int j = 0; j < MIN(i + 8, N); j++)
// expect-gone: for (int j = 0; j < MIN(i + 8, M); j++)
// expect-gone: for (int j = 0; j < MIN(i + 8, P); j++)
// expect-kept: for (int j = 0; j < MIN(i + 8, Q); j++)
#include <stdio.h>

#define N 61
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define M m
#define P (m - 1)
#define Q m - 1

static double A[N][N], B[N][N];

/* Four lower bands of B from A, each bound by a macro around a size. */
static void bands(int m)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < MIN(i + 8, N); j++)
			B[i][j] = A[j][i] + 1.0;
#pragma autotile
	for (int i = 0; i < m; i++)
		for (int j = 0; j < MIN(i + 8, M); j++)
			B[i][j] += 0.5 * A[i][j];
#pragma autotile
	for (int i = 0; i < m; i++)
		for (int j = 0; j < MIN(i + 8, P); j++)
			B[i][j] += 0.25 * A[j][i];
#pragma autotile
	for (int i = 0; i < m; i++)
		for (int j = 0; j < MIN(i + 8, Q); j++)
			B[i][j] -= 0.125 * A[i][j];
}

int main(void)
{
	double sum = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11);
	bands(N - 3);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			sum += B[i][j] * (i + 1) + j;
	printf("%.1f\n", sum);
	return 0;
}
