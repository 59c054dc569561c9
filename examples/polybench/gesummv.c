/*
 * gesummv.c — PolyBench/C 4.2.1's gesummv: y = alpha * A * x + beta * B * x,
 * both matrix-vector products computed in one sweep over the rows (A * x
 * into tmp, B * x into y, then the two combined).
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
 * test-defines-edge: -DN=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 1300
#endif

static double A[N][N];
static double B[N][N];
static double tmp[N];
static double x[N];
static double y[N];

/* Fills A, B and x with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		x[i] = (double)((i * i + 3 * i + 1) % 13) / 13.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (double)((i * (j + 1) + 5) % 23) / 23.0;
			B[i][j] = (double)((j * (i + 2) + 3 * i + 1) % 19)
				/ 19.0 - 0.5;
		}
}

/* The kernel: y = alpha * A * x + beta * B * x, with tmp = A * x. */
void kernel_gesummv(int n, double alpha, double beta, double A[N][N],
		    double B[N][N], double tmp[N], double x[N], double y[N])
{
	int i, j;

#pragma scop
	for (i = 0; i < n; i++) {
		tmp[i] = 0.0;
		y[i] = 0.0;
		for (j = 0; j < n; j++) {
			tmp[i] = A[i][j] * x[j] + tmp[i];
			y[i] = B[i][j] * x[j] + y[i];
		}
		y[i] = alpha * tmp[i] + beta * y[i];
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_gesummv(N, 1.5, 1.2, A, B, tmp, x, y);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), tmp, sizeof tmp);
	h = at_bench_hash(h, y, sizeof y);
	at_bench_report(t1 - t0, h);
	return 0;
}
