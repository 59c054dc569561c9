/*
 * mvt.c — PolyBench/C 4.2.1's mvt: two matrix-vector products with the same
 * matrix, x1 += A * y_1 (row-wise) and x2 += A^T * y_2 (column-wise).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=97
 * test-defines-edge: -DN=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif

static double x1[N];
static double x2[N];
static double y_1[N];
static double y_2[N];
static double A[N][N];

/* Fills the vectors and A with values that are not linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		x1[i] = (double)((i * i + 1) % 13) / 13.0;
		x2[i] = (double)((i * i + 2 * i + 5) % 11) / 11.0;
		y_1[i] = (double)((3 * i * i + 4) % 17) / 17.0 - 0.5;
		y_2[i] = (double)((i * i + 7 * i + 2) % 19) / 19.0;
	}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * (j + 1) + 2 * j + 3) % 31) / 31.0;
}

/* The kernel: x1 += A * y_1, x2 += A^T * y_2. */
void kernel_mvt(int n, double x1[N], double x2[N], double y_1[N],
		double y_2[N], double A[N][N])
{
	int i, j;

#pragma scop
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			x1[i] = x1[i] + A[i][j] * y_1[j];
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_mvt(N, x1, x2, y_1, y_2, A);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), x1, sizeof x1);
	h = at_bench_hash(h, x2, sizeof x2);
	at_bench_report(t1 - t0, h);
	return 0;
}
