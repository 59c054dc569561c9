/*
 * 2mm.c — PolyBench/C 4.2.1's 2mm: D = alpha * A * B * C + beta * D, as two
 * matrix products (tmp = alpha * A * B, then D = tmp * C + beta * D).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNI=37 -DNJ=41 -DNK=43 -DNL=47
 * test-defines-edge: -DNI=3 -DNJ=1 -DNK=2 -DNL=4
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef NI
#define NI 800
#endif
#ifndef NJ
#define NJ 900
#endif
#ifndef NK
#define NK 1100
#endif
#ifndef NL
#define NL 1200
#endif

static double tmp[NI][NJ];
static double A[NI][NK];
static double B[NK][NJ];
static double C[NJ][NL];
static double D[NI][NL];

/* Fills A, B, C and D with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < NI; i++)
		for (int k = 0; k < NK; k++)
			A[i][k] = (double)((i * k + 3 * i + 1) % 23) / 23.0;
	for (int k = 0; k < NK; k++)
		for (int j = 0; j < NJ; j++)
			B[k][j] = (double)((k * (j + 1) + 5) % 19) / 19.0 - 0.5;
	for (int j = 0; j < NJ; j++)
		for (int l = 0; l < NL; l++)
			C[j][l] = (double)((j * (l + 3) + 2 * l + 7) % 29) / 29.0;
	for (int i = 0; i < NI; i++)
		for (int l = 0; l < NL; l++)
			D[i][l] = (double)((i * (l + 2) + 11) % 31) / 31.0;
}

/* The kernel: tmp = alpha * A * B, then D = tmp * C + beta * D. */
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
		double tmp[NI][NJ], double A[NI][NK], double B[NK][NJ],
		double C[NJ][NL], double D[NI][NL])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < ni; i++)
		for (j = 0; j < nj; j++) {
			tmp[i][j] = 0.0;
			for (k = 0; k < nk; ++k)
				tmp[i][j] += alpha * A[i][k] * B[k][j];
		}
	for (i = 0; i < ni; i++)
		for (j = 0; j < nl; j++) {
			D[i][j] *= beta;
			for (k = 0; k < nj; ++k)
				D[i][j] += tmp[i][k] * C[k][j];
		}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_2mm(NI, NJ, NK, NL, 1.5, 1.2, tmp, A, B, C, D);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), tmp, sizeof tmp);
	h = at_bench_hash(h, D, sizeof D);
	at_bench_report(t1 - t0, h);
	return 0;
}
