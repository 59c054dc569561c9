/*
 * jacobi-2d.c — PolyBench/C 4.2.1's jacobi-2d: TSTEPS double steps of a
 * 5-point Jacobi stencil on the interior of an N x N grid, from A into B
 * and back.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DTSTEPS=13 -DN=67
 * test-defines-edge: -DTSTEPS=1 -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef TSTEPS
#define TSTEPS 500
#endif
#ifndef N
#define N 1300
#endif

static double A[N][N];
static double B[N][N];

/* Fills A and B with values in [0, 1] that are not linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (double)((i * j * 5 + i * i + 2 * j + 3) % 59) / 58.0;
			B[i][j] = (double)((i * j + 3 * j * j + i + 7) % 43) / 42.0;
		}
}

/* The kernel: TSTEPS times B = step(A), then A = step(B). */
static void kernel_jacobi_2d(int tsteps, int n, double A[N][N],
			     double B[N][N])
{
	int t, i, j;

#pragma scop
	for (t = 0; t < tsteps; t++) {
		for (i = 1; i < n - 1; i++)
			for (j = 1; j < n - 1; j++)
				B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] +
						 A[1 + i][j] + A[i - 1][j]);
		for (i = 1; i < n - 1; i++)
			for (j = 1; j < n - 1; j++)
				A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] +
						 B[1 + i][j] + B[i - 1][j]);
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_jacobi_2d(TSTEPS, N, A, B);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash_init();
	h = at_bench_hash(h, A, sizeof A);
	h = at_bench_hash(h, B, sizeof B);
	at_bench_report(t1 - t0, h);
	return 0;
}
