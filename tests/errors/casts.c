// casts.c — integer casts in subscripts and bounds, as code that indexes
// large flat arrays writes them: `A[(size_t)i * n + j]`, `(long)(i - 1) *
// n`, `i < (long)n`, and inside a macro, `#define IDX(i, j) ((size_t)(i)
// * n + (j))`.  Converting to a signed type as wide as int or wider keeps
// every value; so does converting an element's index, never negative, to
// a 64-bit unsigned type, so autotile reads those casts as no-ops (until
// session 55 each made the subscript "not affine").  It refuses the
// others, each with a warning and the nest as written: an unsigned cast
// in a bound (`j < (size_t)n` converts j, and from j = -3 the loop never
// runs), a 32-bit unsigned one, and a narrowing one (`(short)i`).  All
// must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 45:18: warning: autotile: condition `j < \(size_t\)n` of loop `j` is not an affine bound
// expect-diag: 50:6: warning: autotile: subscript `\(unsigned\)i \* n \+ j` of `B` is not affine
// expect-diag: 54:6: warning: autotile: subscript `\(short\)i \* n \+ j` of `B` is not affine
// expect-gone: A[(int64_t)i * n + j] = 0.5 * A[(long long)(i - 1) * n + j] + B[(unsigned long)j * n + i];
// expect-kept: A[IDX((c
// expect-kept: for (int j = -3; j < (size_t)n; j++)
// expect-kept: B[(unsigned)i * n + j] += 1.0;
// expect-kept: B[(short)i * n + j] += 1.0;
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define N 90
#define IDX(i, j) ((size_t)(i) * n + (j))
#define IDXL(i, j) ((long)(i) * N + (j))

static double A[N * N], B[N * N];

/* Read: signed casts anywhere, 64-bit unsigned ones in subscripts. */
static void readable(int n)
{
#pragma autotile
	for (int i = 1; i < (long)n; i++)
		for (int j = 0; j < n; j++)
			A[(int64_t)i * n + j] = 0.5 * A[(long long)(i - 1) * n + j] + B[(unsigned long)j * n + i];
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n; j++)
			A[IDX(i, j)] += 0.25 * A[IDX(i - 1, j)] + B[IDXL(j, i)];
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = -3; j < (size_t)n; j++)
			B[(size_t)i * n + (j + 3) / 2] += 1.0;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			B[(unsigned)i * n + j] += 1.0;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			B[(short)i * n + j] += 1.0;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N * N; i++) {
		A[i] = i % 7;
		B[i] = i % 5;
	}
	readable(N);
	for (int i = 0; i < N * N; i++)
		s += A[i] * (i % 3) + B[i];
	printf("%.17g\n", s);
	return 0;
}
