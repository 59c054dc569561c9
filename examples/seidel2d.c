/*
 * seidel2d.c — in-place 9-point Gauss-Seidel sweep in 2-D with a time loop
 * (PolyBench seidel-2d).
 *
 * One statement updates A in place, so every point depends on its already
 * updated west/north neighbours of the same sweep and on the previous
 * sweep: dependences in all of (t, i, j).  No loop is parallel as written;
 * tiling needs skewing (a wavefront gives the parallelism).
 *
 * Sizes: N x N grid, TSTEPS sweeps (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=77 -DTSTEPS=70
 * test-defines-edge: -DN=5 -DTSTEPS=4
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif
#ifndef TSTEPS
#define TSTEPS 20
#endif

static double A[N][N];

/* Fills A with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * (j + 2) + 7 * j + 2) % 31) / 10.0;
}

/* The kernel: TSTEPS in-place Gauss-Seidel sweeps over the interior. */
void kernel_seidel2d(void)
{
#pragma autotile
	for (int t = 0; t < TSTEPS; t++)
		for (int i = 1; i <= N - 2; i++)
			for (int j = 1; j <= N - 2; j++)
				A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
					   + A[i][j - 1] + A[i][j] + A[i][j + 1]
					   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_seidel2d();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), A, sizeof A));
	return 0;
}
