/*
 * heat3d.c — 3-D heat equation, 7-point stencil with a time loop
 * (PolyBench heat-3d).
 *
 * Two statements inside the t loop: B from A, then A from B.  Tiling needs
 * the time loop skewed; the three space loops are parallel within a step.
 *
 * Sizes: N x N x N grid, TSTEPS time steps (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=23 -DTSTEPS=70
 * test-defines-edge: -DN=5 -DTSTEPS=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 200
#endif
#ifndef TSTEPS
#define TSTEPS 30
#endif

static double A[N][N][N];
static double B[N][N][N];

/* Fills A and B with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			for (int k = 0; k < N; k++) {
				A[i][j][k] = (double)((i * j + 3 * k * k + i + 1) % 23) / 10.0;
				B[i][j][k] = A[i][j][k];
			}
}

/* The kernel: TSTEPS double sweeps A -> B -> A. */
void kernel_heat3d(void)
{
#pragma autotile
	for (int t = 1; t <= TSTEPS; t++) {
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				for (int k = 1; k < N - 1; k++)
					B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
						   + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
						   + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
						   + A[i][j][k];
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				for (int k = 1; k < N - 1; k++)
					A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
						   + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
						   + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
						   + B[i][j][k];
	}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_heat3d();
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, B, sizeof B);
	at_bench_report(t1 - t0, h);
	return 0;
}
