/*
 * syrk.c — PolyBench/C 4.2.1's syrk: the symmetric rank-k update
 * C = alpha * A * A^T + beta * C on the lower triangle (j <= i) of C.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=71 -DM=59
 * test-defines-edge: -DN=4 -DM=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1000
#endif
#ifndef N
#define N 1200
#endif

static double C[N][N];
static double A[N][M];

/* Fills A and C with values in [0, 1) that are not linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			A[i][j] = (double)((i * j + 5 * j * j + 3) % 29) / 29.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			C[i][j] = (double)((i * i * j + 2 * i + 7) % 37) / 37.0;
}

/* The kernel: lower triangle of C = alpha * A A^T + beta * C. */
static void kernel_syrk(int n, int m, double alpha, double beta,
	double C[N][N], double A[N][M])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < n; i++) {
		for (j = 0; j <= i; j++)
			C[i][j] *= beta;
		for (k = 0; k < m; k++) {
			for (j = 0; j <= i; j++)
				C[i][j] += alpha * A[i][k] * A[j][k];
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_syrk(N, M, 1.5, 1.2, C, A);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C, sizeof C));
	return 0;
}
