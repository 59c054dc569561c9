// libcall.c — a call in a statement is read as free of side effects only
// when it calls the C library's function of a known pure name: its first
// declaration must come from a system header.  This file defines a static
// `fabs` of its own, which counts its calls, before it includes <math.h>
// (whose declaration then names that static function): the nest that
// calls it stays as written, with a warning naming it.  The nest that
// calls the library's sqrt is read as before and tiled.  Until session 54
// the name alone decided: both nests were tiled, the counter raced
// between threads and the output printed another count and another sum.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 41:14: warning: autotile: call to `fabs` may have side effects \(it is not the C library's
// expect-kept: A[i][j] = fabs(A[i][j]);
// expect-gone: B[i][j] = sqrt(B[i][j] + i);
#include <stdio.h>

#define N 48

static double A[N][N], B[N][N];
static int calls;

/* Not the library's: scales by how many calls came before. */
static double fabs(double x)
{
	calls++;
	return calls % 7 * x;
}

#include <math.h>

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = B[i][j] = i - j + N;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = fabs(A[i][j]);
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = sqrt(B[i][j] + i);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (A[i][j] + B[i][j]) * (i + 2 * j + 1);
	printf("%.3f %d\n", s, calls);
	return 0;
}
