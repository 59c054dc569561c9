/*
 * 3mm.c — PolyBench/C 4.2.1's 3mm: G = (A * B) * (C * D), as three matrix
 * products (E = A * B, F = C * D, then G = E * F).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNI=37 -DNJ=41 -DNK=43 -DNL=47 -DNM=53
 * test-defines-edge: -DNI=3 -DNJ=1 -DNK=2 -DNL=4 -DNM=5
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
#define NK 1000
#endif
#ifndef NL
#define NL 1100
#endif
#ifndef NM
#define NM 1200
#endif

static double E[NI][NJ];
static double A[NI][NK];
static double B[NK][NJ];
static double F[NJ][NL];
static double C[NJ][NM];
static double D[NM][NL];
static double G[NI][NL];

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
		for (int m = 0; m < NM; m++)
			C[j][m] = (double)((j * (m + 3) + 2 * m + 7) % 29) / 29.0;
	for (int m = 0; m < NM; m++)
		for (int l = 0; l < NL; l++)
			D[m][l] = (double)((m * (l + 2) + 11) % 31) / 31.0 - 0.25;
}

/* The kernel: E = A * B, F = C * D, G = E * F. */
void kernel_3mm(int ni, int nj, int nk, int nl, int nm, double E[NI][NJ],
		double A[NI][NK], double B[NK][NJ], double F[NJ][NL],
		double C[NJ][NM], double D[NM][NL], double G[NI][NL])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < ni; i++)
		for (j = 0; j < nj; j++) {
			E[i][j] = 0.0;
			for (k = 0; k < nk; ++k)
				E[i][j] += A[i][k] * B[k][j];
		}
	for (i = 0; i < nj; i++)
		for (j = 0; j < nl; j++) {
			F[i][j] = 0.0;
			for (k = 0; k < nm; ++k)
				F[i][j] += C[i][k] * D[k][j];
		}
	for (i = 0; i < ni; i++)
		for (j = 0; j < nl; j++) {
			G[i][j] = 0.0;
			for (k = 0; k < nj; ++k)
				G[i][j] += E[i][k] * F[k][j];
		}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_3mm(NI, NJ, NK, NL, NM, E, A, B, F, C, D, G);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), E, sizeof E);
	h = at_bench_hash(h, F, sizeof F);
	h = at_bench_hash(h, G, sizeof G);
	at_bench_report(t1 - t0, h);
	return 0;
}
