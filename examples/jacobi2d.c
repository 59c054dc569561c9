/*
 * jacobi2d.c — 2-D Jacobi stencil with a time loop (PolyBench jacobi-2d).
 *
 * Two statements inside the t loop: B is computed from A, then A from B.
 * Neither loop order nor plain rectangular tiling is legal as written:
 * tiling needs the time loop skewed (and the two statements shifted).
 *
 * Sizes: N x N grid, TSTEPS time steps (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=101 -DTSTEPS=70
 * test-defines-edge: -DN=4 -DTSTEPS=5
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif
#ifndef TSTEPS
#define TSTEPS 100
#endif

static double A[N][N];
static double B[N][N];

/* Fills A and B with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (double)((i * i + 3 * j * 7 + 2) % 17) / 7.0;
			B[i][j] = (double)((i * j + 5 * i + 3) % 19) / 9.0;
		}
}

/* The kernel: TSTEPS double sweeps A -> B -> A. */
void kernel_jacobi2d(void)
{
#pragma autotile
	for (int t = 0; t < TSTEPS; t++) {
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
						 + A[i + 1][j] + A[i - 1][j]);
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1]
						 + B[i + 1][j] + B[i - 1][j]);
	}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_jacobi2d();
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, B, sizeof B);
	at_bench_report(t1 - t0, h);
	return 0;
}
