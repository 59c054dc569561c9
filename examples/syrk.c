/*
 * syrk.c — symmetric rank-k update on the lower triangle
 * (PolyBench syrk): C = beta * C + alpha * A * A^T, for j <= i.
 *
 * Triangular bounds (j <= i) and an imperfect nest: the scaling statement
 * sits at depth 2, the update at depth 3 under the k loop.  i is parallel.
 *
 * Sizes: C is N x N, A is N x M (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=85 -DM=71
 * test-defines-edge: -DN=5 -DM=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 1200
#endif
#ifndef M
#define M 1000
#endif

static double A[N][M];
static double C[N][N];

/* Fills A and C with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int k = 0; k < M; k++)
			A[i][k] = (double)((i * k + 2 * k * k + 1) % 19) / 19.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			C[i][j] = (double)((i * i + 3 * j + 2) % 23) / 23.0;
}

/* The kernel: lower triangle of C = beta * C + alpha * A * A^T. */
void kernel_syrk(double alpha, double beta)
{
#pragma autotile
	for (int i = 0; i < N; i++) {
		for (int j = 0; j <= i; j++)
			C[i][j] *= beta;
		for (int k = 0; k < M; k++)
			for (int j = 0; j <= i; j++)
				C[i][j] += alpha * A[i][k] * A[j][k];
	}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_syrk(1.5, 1.2);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C, sizeof C));
	return 0;
}
