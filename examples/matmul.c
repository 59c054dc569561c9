/*
 * matmul.c — dense matrix multiplication C += A * B in i-j-k order.
 *
 * The classic tiling example: the k loop carries the only dependence
 * (the accumulation into C[i][j]); i and j are parallel.  B is read
 * column-wise in the original order, so the untiled loop is cache-bound.
 *
 * Sizes: NI x NK times NK x NJ (defaults below, override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNI=97 -DNJ=83 -DNK=71
 * test-defines-edge: -DNI=5 -DNJ=1 -DNK=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef NI
#define NI 1200
#endif
#ifndef NJ
#define NJ 1300
#endif
#ifndef NK
#define NK 1100
#endif

static double A[NI][NK];
static double B[NK][NJ];
static double C[NI][NJ];

/* Fills A, B and C with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < NI; i++)
		for (int k = 0; k < NK; k++)
			A[i][k] = (double)((i * i + 3 * k * 7 + 1) % 17) / 7.0;
	for (int k = 0; k < NK; k++)
		for (int j = 0; j < NJ; j++)
			B[k][j] = (double)((k * j + 5 * k + 2) % 23) / 11.0 - 1.0;
	for (int i = 0; i < NI; i++)
		for (int j = 0; j < NJ; j++)
			C[i][j] = (double)((i + j * j) % 13) / 5.0;
}

/* The kernel: C += A * B. */
void kernel_matmul(void)
{
#pragma autotile
	for (int i = 0; i < NI; i++)
		for (int j = 0; j < NJ; j++)
			for (int k = 0; k < NK; k++)
				C[i][j] += A[i][k] * B[k][j];
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_matmul();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C, sizeof C));
	return 0;
}
