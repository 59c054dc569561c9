/*
 * doitgen.c — PolyBench/C 4.2.1's doitgen, the multi-resolution analysis
 * kernel of MADNESS: every row A[r][q][*] of a 3-d array is replaced by its
 * product with the NP x NP matrix C4, through the scratch vector sum.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNQ=31 -DNR=37 -DNP=41
 * test-defines-edge: -DNQ=2 -DNR=1 -DNP=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef NQ
#define NQ 140
#endif
#ifndef NR
#define NR 150
#endif
#ifndef NP
#define NP 160
#endif

static double A[NR][NQ][NP];
static double sum[NP];
static double C4[NP][NP];

/* Fills A and C4 with values that are not linear in the indices. */
static void init(void)
{
	for (int r = 0; r < NR; r++)
		for (int q = 0; q < NQ; q++)
			for (int p = 0; p < NP; p++)
				A[r][q][p] = (double)((r * q + q * p + p * p
					+ 3 * p + 1) % 29) / 29.0;
	for (int s = 0; s < NP; s++)
		for (int p = 0; p < NP; p++)
			C4[s][p] = (double)((s * (p + 1) + 7) % 23) / (3.0 * NP);
}

/* The kernel: A[r][q][*] = A[r][q][*] * C4 for every (r, q). */
void kernel_doitgen(int nr, int nq, int np, double A[NR][NQ][NP],
		    double C4[NP][NP], double sum[NP])
{
	int r, q, p, s;

#pragma scop
	for (r = 0; r < nr; r++)
		for (q = 0; q < nq; q++) {
			for (p = 0; p < np; p++) {
				sum[p] = 0.0;
				for (s = 0; s < np; s++)
					sum[p] += A[r][q][s] * C4[s][p];
			}
			for (p = 0; p < np; p++)
				A[r][q][p] = sum[p];
		}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_doitgen(NR, NQ, NP, A, C4, sum);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, sum, sizeof sum);
	at_bench_report(t1 - t0, h);
	return 0;
}
