/*
 * gemm.c — PolyBench/C 4.2.1's gemm: C = alpha * A * B + beta * C, row by
 * row of C (scale the row by beta, then add alpha * A[i][k] * row k of B
 * for every k).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNI=37 -DNJ=41 -DNK=43
 * test-defines-edge: -DNI=3 -DNJ=1 -DNK=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef NI
#define NI 1000
#endif
#ifndef NJ
#define NJ 1100
#endif
#ifndef NK
#define NK 1200
#endif

static double C[NI][NJ];
static double A[NI][NK];
static double B[NK][NJ];

/* Fills C, A and B with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < NI; i++)
		for (int j = 0; j < NJ; j++)
			C[i][j] = (double)((i * (j + 1) + 3 * j + 1) % 23) / 23.0;
	for (int i = 0; i < NI; i++)
		for (int k = 0; k < NK; k++)
			A[i][k] = (double)((i * (k + 2) + 5) % 19) / 19.0 - 0.5;
	for (int k = 0; k < NK; k++)
		for (int j = 0; j < NJ; j++)
			B[k][j] = (double)((k * (j + 3) + 2 * k + 7) % 29) / 29.0;
}

/* The kernel: C = alpha * A * B + beta * C. */
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
		 double C[NI][NJ], double A[NI][NK], double B[NK][NJ])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < ni; i++) {
		for (j = 0; j < nj; j++)
			C[i][j] *= beta;
		for (k = 0; k < nk; k++) {
			for (j = 0; j < nj; j++)
				C[i][j] += alpha * A[i][k] * B[k][j];
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C, sizeof C));
	return 0;
}
