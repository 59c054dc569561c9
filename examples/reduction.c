/*
 * reduction.c — two matrix-vector products in one nest (PolyBench mvt
 * style): y[i] += A[i][j] * x[j] (row-wise) and z[i] += A[j][i] * w[j]
 * (column-wise, i.e. A^T * w).
 *
 * Both statements accumulate into an element indexed by the outer loop
 * only: the j loop carries the reductions (which must not be
 * reassociated), i is parallel.  One call is short, so main() times REPS
 * calls of the kernel (the repeat loop is outside the marked nest).
 *
 * Sizes: A is N x N, REPS repetitions (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=133 -DREPS=2
 * test-defines-edge: -DN=5 -DREPS=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 4000
#endif
#ifndef REPS
#define REPS 4
#endif

static double A[N][N];
static double x[N], w[N], y[N], z[N];

/* Fills A and the vectors with values that are not linear in the indices. */
static void init(void)
{
	uint64_t s = 12345;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = at_bench_rand(&s) - 0.5;
	for (int i = 0; i < N; i++) {
		x[i] = (double)((i * i + 3) % 17) / 17.0;
		w[i] = (double)((5 * i * i + 2 * i + 1) % 13) / 13.0;
		y[i] = 0.0;
		z[i] = (double)(i % 7) / 7.0;
	}
}

/* The kernel: y += A * x and z += A^T * w. */
void kernel_reduction(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			y[i] += A[i][j] * x[j];
			z[i] += A[j][i] * w[j];
		}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	for (int r = 0; r < REPS; r++)
		kernel_reduction();
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), y, sizeof y);
	h = at_bench_hash(h, z, sizeof z);
	at_bench_report(t1 - t0, h);
	return 0;
}
