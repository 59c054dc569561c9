/*
 * gemver.c — PolyBench/C 4.2.1's gemver: a rank-2 update of A
 * (A += u1 * v1^T + u2 * v2^T), then x = x + beta * A^T * y + z, then
 * w = w + alpha * A * x.
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

static double A[N][N];
static double u1[N];
static double v1[N];
static double u2[N];
static double v2[N];
static double w[N];
static double x[N];
static double y[N];
static double z[N];

/* Fills A and the vectors with values that are not linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		u1[i] = (double)((i * i + 1) % 13) / 13.0;
		u2[i] = (double)((i * i + 3 * i + 2) % 11) / 22.0;
		v1[i] = (double)((2 * i * i + 5) % 17) / 34.0;
		v2[i] = (double)((i * i + 7 * i + 3) % 19) / 76.0;
		w[i] = 0.0;
		x[i] = 0.0;
		y[i] = (double)((i * i + 4 * i + 1) % 23) / 23.0;
		z[i] = (double)((3 * i * i + 2) % 29) / 29.0;
	}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * (j + 1) + 2 * j + 3) % 31) / (4.0 * N);
}

/* The kernel: A += u1 v1^T + u2 v2^T; x += beta A^T y + z;
 * w += alpha A x. */
void kernel_gemver(int n, double alpha, double beta, double A[N][N],
		   double u1[N], double v1[N], double u2[N], double v2[N],
		   double w[N], double x[N], double y[N], double z[N])
{
	int i, j;

#pragma scop
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			x[i] = x[i] + beta * A[j][i] * y[j];
	for (i = 0; i < n; i++)
		x[i] = x[i] + z[i];
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_gemver(N, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, x, sizeof x);
	h = at_bench_hash(h, w, sizeof w);
	at_bench_report(t1 - t0, h);
	return 0;
}
