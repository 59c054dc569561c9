/*
 * jacobi1d.c — 1-D Jacobi stencil with a time loop (PolyBench jacobi-1d).
 *
 * Two statements inside the t loop: B from A, then A from B.  The classic
 * case for skewed (parallelogram) or diamond tiling of (t, i).
 *
 * Sizes: N points, TSTEPS time steps (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=203 -DTSTEPS=150
 * test-defines-edge: -DN=6 -DTSTEPS=7
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 400000
#endif
#ifndef TSTEPS
#define TSTEPS 1000
#endif

static double A[N];
static double B[N];

/* Fills A and B with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		A[i] = (double)((i * i + 7 * i + 3) % 29) / 8.0;
		B[i] = (double)((3 * i * i + 1) % 13) / 4.0;
	}
}

/* The kernel: TSTEPS double sweeps A -> B -> A. */
void kernel_jacobi1d(void)
{
#pragma autotile
	for (int t = 0; t < TSTEPS; t++) {
		for (int i = 1; i < N - 1; i++)
			B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
		for (int i = 1; i < N - 1; i++)
			A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
	}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_jacobi1d();
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, B, sizeof B);
	at_bench_report(t1 - t0, h);
	return 0;
}
