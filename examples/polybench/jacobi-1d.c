/*
 * jacobi-1d.c — PolyBench/C 4.2.1's jacobi-1d: TSTEPS double steps of a
 * 3-point Jacobi stencil on the interior of an array of N values, from A
 * into B and back.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DTSTEPS=17 -DN=97
 * test-defines-edge: -DTSTEPS=1 -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef TSTEPS
#define TSTEPS 500
#endif
#ifndef N
#define N 2000
#endif

static double A[N];
static double B[N];

/* Fills A and B with values in [0, 1] that are not linear in the index. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		A[i] = (double)((i * i * 7 + 3 * i + 2) % 61) / 60.0;
		B[i] = (double)((i * i + 11 * i + 5) % 47) / 46.0;
	}
}

/* The kernel: TSTEPS times B = step(A), then A = step(B). */
static void kernel_jacobi_1d(int tsteps, int n, double A[N], double B[N])
{
	int t, i;

#pragma scop
	for (t = 0; t < tsteps; t++) {
		for (i = 1; i < n - 1; i++)
			B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
		for (i = 1; i < n - 1; i++)
			A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_jacobi_1d(TSTEPS, N, A, B);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash_init();
	h = at_bench_hash(h, A, sizeof A);
	h = at_bench_hash(h, B, sizeof B);
	at_bench_report(t1 - t0, h);
	return 0;
}
