/*
 * atax.c — PolyBench/C 4.2.1's atax: y = A^T * (A * x), one row of A at a
 * time (tmp[i] = row i times x, then row i times tmp[i] added into y).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=67 -DN=73
 * test-defines-edge: -DM=1 -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1900
#endif
#ifndef N
#define N 2100
#endif

static double A[M][N];
static double x[N];
static double y[N];
static double tmp[M];

/* Fills A and x with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * (j + 1) + 3 * j + 2) % 37) / (5.0 * M);
	for (int j = 0; j < N; j++)
		x[j] = 1.0 + (double)((j * j + 7) % 13) / 13.0;
}

/* The kernel: y = A^T * (A * x), with tmp = A * x. */
void kernel_atax(int m, int n, double A[M][N], double x[N], double y[N],
		 double tmp[M])
{
	int i, j;

#pragma scop
	for (i = 0; i < n; i++)
		y[i] = 0;
	for (i = 0; i < m; i++) {
		tmp[i] = 0.0;
		for (j = 0; j < n; j++)
			tmp[i] = tmp[i] + A[i][j] * x[j];
		for (j = 0; j < n; j++)
			y[j] = y[j] + A[i][j] * tmp[i];
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_atax(M, N, A, x, y, tmp);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), y, sizeof y);
	h = at_bench_hash(h, tmp, sizeof tmp);
	at_bench_report(t1 - t0, h);
	return 0;
}
