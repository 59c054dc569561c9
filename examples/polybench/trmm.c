/*
 * trmm.c — PolyBench/C 4.2.1's trmm: the triangular matrix product
 * B = alpha * A^T * B, with A unit lower triangular (only the entries below
 * its diagonal are read), computed in place in B row by row.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=61 -DN=73
 * test-defines-edge: -DM=3 -DN=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1000
#endif
#ifndef N
#define N 1200
#endif

static double A[M][M];
static double B[M][N];

/* Fills A and B with values in [0, 1) that are not linear in the indices;
 * the diagonal of A is 1 (it is not read). */
static void init(void)
{
	for (int i = 0; i < M; i++) {
		for (int j = 0; j < M; j++)
			A[i][j] = (double)((i * j + 3 * i * i + 1) % 23) / 23.0;
		A[i][i] = 1.0;
	}
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = (double)((i * j * j + 7 * i + 4) % 41) / 41.0;
}

/* The kernel: B = alpha * A^T B, A unit lower triangular. */
static void kernel_trmm(int m, int n, double alpha, double A[M][M],
	double B[M][N])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++) {
			for (k = i + 1; k < m; k++)
				B[i][j] += A[k][i] * B[k][j];
			B[i][j] = alpha * B[i][j];
		}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_trmm(M, N, 1.5, A, B);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), B, sizeof B));
	return 0;
}
