/*
 * heat-3d.c — PolyBench/C 4.2.1's heat-3d: TSTEPS double steps of a 7-point
 * Jacobi stencil for the heat equation on the interior of an N x N x N
 * grid, from A into B and back.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DTSTEPS=7 -DN=33
 * test-defines-edge: -DTSTEPS=2 -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef TSTEPS
#define TSTEPS 500
#endif
#ifndef N
#define N 120
#endif

static double A[N][N][N];
static double B[N][N][N];

/* Fills A and B (the same values: B's border is read, never written) with
 * values in [0, 1] that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			for (int k = 0; k < N; k++) {
				A[i][j][k] = (double)((i * j + j * k * 3 + k * k + i + 1) % 53) / 52.0;
				B[i][j][k] = A[i][j][k];
			}
}

/* The kernel: TSTEPS times B = step(A), then A = step(B). */
static void kernel_heat_3d(int tsteps, int n, double A[N][N][N],
			   double B[N][N][N])
{
	int t, i, j, k;

#pragma scop
	for (t = 1; t <= tsteps; t++) {
		for (i = 1; i < n - 1; i++) {
			for (j = 1; j < n - 1; j++) {
				for (k = 1; k < n - 1; k++) {
					B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
						   + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
						   + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
						   + A[i][j][k];
				}
			}
		}
		for (i = 1; i < n - 1; i++) {
			for (j = 1; j < n - 1; j++) {
				for (k = 1; k < n - 1; k++) {
					A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
						   + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
						   + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
						   + B[i][j][k];
				}
			}
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_heat_3d(TSTEPS, N, A, B);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash_init();
	h = at_bench_hash(h, A, sizeof A);
	h = at_bench_hash(h, B, sizeof B);
	at_bench_report(t1 - t0, h);
	return 0;
}
