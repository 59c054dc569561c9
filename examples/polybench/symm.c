/*
 * symm.c — PolyBench/C 4.2.1's symm: C = alpha * A * B + beta * C, where A
 * is symmetric and only its lower triangle (with the diagonal) is read.
 * Row i of the product uses the stored A[i][k], k < i, twice: once for
 * C[k][j] (the upper triangle's share, added straight into C) and once
 * for C[i][j] through the scalar temp2.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=37 -DN=41
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

static double C[M][N];
static double A[M][M];
static double B[M][N];

/* Fills C, A (lower triangle and diagonal; the rest is never read) and B
 * with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			C[i][j] = (double)((i * (j + 1) + 3 * j + 1) % 23) / 23.0;
			B[i][j] = (double)((j * (i + 2) + 5 * i + 2) % 19)
				/ 19.0 - 0.5;
		}
	for (int i = 0; i < M; i++)
		for (int k = 0; k <= i; k++)
			A[i][k] = (double)((i * (k + 3) + 7) % 29) / 29.0;
}

/* The kernel: C = alpha * A * B + beta * C, A symmetric (lower stored). */
void kernel_symm(int m, int n, double alpha, double beta, double C[M][N],
		 double A[M][M], double B[M][N])
{
	int i, j, k;
	double temp2;

#pragma scop
	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++) {
			temp2 = 0;
			for (k = 0; k < i; k++) {
				C[k][j] += alpha * B[i][j] * A[i][k];
				temp2 += B[k][j] * A[i][k];
			}
			C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i]
				+ alpha * temp2;
		}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_symm(M, N, 1.5, 1.2, C, A, B);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C, sizeof C));
	return 0;
}
