/*
 * seidel-2d.c — PolyBench/C 4.2.1's seidel-2d: TSTEPS Gauss-Seidel sweeps
 * of a 9-point stencil over the interior of an N x N grid, updated in
 * place (each point reads its neighbours above and to the left already
 * updated in this sweep).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DTSTEPS=11 -DN=73
 * test-defines-edge: -DTSTEPS=2 -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef TSTEPS
#define TSTEPS 500
#endif
#ifndef N
#define N 2000
#endif

static double A[N][N];

/* Fills A with values in [0, 1] that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * i * 3 + i * j + 7 * j + 2) % 67) / 66.0;
}

/* The kernel: TSTEPS in-place sweeps of the 3 x 3 average. */
static void kernel_seidel_2d(int tsteps, int n, double A[N][N])
{
	int t, i, j;

#pragma scop
	for (t = 0; t <= tsteps - 1; t++)
		for (i = 1; i <= n - 2; i++)
			for (j = 1; j <= n - 2; j++)
				A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
					   + A[i][j - 1] + A[i][j] + A[i][j + 1]
					   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_seidel_2d(TSTEPS, N, A);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), A, sizeof A));
	return 0;
}
