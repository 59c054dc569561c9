// fmacro.c — function-like macros in subscripts and bounds, as HPC code
// indexes flat arrays: `A[IDX(i, j)]` with `#define IDX(i, j) ((i) * N +
// (j))`.  autotile expands a call as the preprocessor does (each
// parameter replaced by its argument's tokens, macros in the body read
// too) and reads the result like a subscript written out; until session
// 55 every such nest was left unchanged ("subscript `IDX(i, j)` is not
// affine").  Read and transformed: a 2-D stencil through IDX, a 3-D
// array through IDX3 (IDX nested in its body) bounded by UB (sys/param.h
// MIN in a macro) and LAST() (no parameters), a body reading the
// function's parameter `n`, N passed to IDX's argument, and calls in the
// arguments of calls (TWICE, whose parameter is named like a macro, and
// PLUSW, whose body reads an enumerator; that nest is versioned on its
// rows, so its original stays too).  Left as written, each with a
// warning saying why: a body that names the iterator `i` (the
// transformed loops rename it), a body that C reads with the operators
// around the call (`2 * FLAT(i, j)` is `2 * (i) * N + (j) * 1`), and
// SHIFT's body, which reads `off`, a variable the nest writes.  All must
// print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 84:6: warning: autotile: the body of macro `ROWOF` names `i`, an iterator of the loop nest
// expect-diag: 88:10: warning: autotile: the expansion of macro `FLAT\(\.\.\.\)` is not one operand here
// expect-diag: [0-9]+:[0-9]+: warning: autotile: variable `off` \(used in a subscript\) is written inside the loop nest
// expect-gone: A[IDX(i, j)] = 0.5 * A[IDX(i - 1, j + 1)] + B[IDX(j, i)];
// expect-gone: C[IDX3(i, j, k)] = C[IDX3(i - 1, j, k + 1)] * 0.25 + j;
// expect-gone: B[IDXN(i, j)] += A[IDXN(j, i)];
// expect-gone: B[IDX(i, N - 1 - j)] += 0.5 * B[IDX(i - 1, j)];
// expect-kept: B[OUTER(IDXN((c
// expect-kept: A[ROWOF(j)] += 1.0;
// expect-kept: A[2 * FLAT(i, j)] += 1.0;
// expect-kept: A[SHIFT(i * N + j)] += 1.0;
#include <stdio.h>
#include <sys/param.h>

#define N 70
#define IDX(i, j) ((i) * N + (j))
#define IDX3(i, j, k) (IDX(IDX(i, j), k))
#define IDXN(i, j) ((i) * n + (j))
#define UB(i) MIN((i) + 8, N)
#define LAST() (N - 1)
#define ROWOF(j) (i * N + (j))
#define FLAT(i, j) (i) * N + (j) * 1
#define SHIFT(x) ((x) + off)
#define OUTER(x) (x)
#define TWICE(N) ((N) + N)
enum { W = 3 };
#define PLUSW(i) ((i) + W)

static double A[N * N], B[N * N], C[N * N * N];

/* Read: stencils and copies through IDX, IDX3 and IDXN. */
static void readable(int n)
{
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++)
			A[IDX(i, j)] = 0.5 * A[IDX(i - 1, j + 1)] + B[IDX(j, i)];
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < UB(i); j++)
			for (int k = 0; k < LAST(); k++)
				C[IDX3(i, j, k)] = C[IDX3(i - 1, j, k + 1)] * 0.25 + j;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			B[IDXN(i, j)] += A[IDXN(j, i)];
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N; j++)
			B[IDX(i, N - 1 - j)] += 0.5 * B[IDX(i - 1, j)];
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < (n - 4) / 2; j++)
			B[OUTER(IDXN(i, j))] += A[OUTER(IDXN(i - 1, PLUSW(TWICE(j))))];
}

/* Left as written, each with a warning. */
static void refused(void)
{
	int off = 0;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N; j++)
			A[ROWOF(j)] += 1.0;
#pragma autotile
	for (int i = 0; i < N / 2; i++)
		for (int j = 0; j < N; j++)
			A[2 * FLAT(i, j)] += 1.0;
#pragma autotile
	for (int i = 0; i < N - 1; i++)
		for (int j = 0; j < N - 8; j++) {
			A[SHIFT(i * N + j)] += 1.0;
			off = j % 3;
		}
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N * N; i++) {
		A[i] = i % 7;
		B[i] = i % 5;
	}
	for (int i = 0; i < N * N * N; i++)
		C[i] = i % 11;
	readable(N);
	refused();
	for (int i = 0; i < N * N; i++)
		s += A[i] * (i % 3) + B[i];
	for (int i = 0; i < N * N * N; i++)
		s += C[i] * (i % 5);
	printf("%.17g\n", s);
	return 0;
}
