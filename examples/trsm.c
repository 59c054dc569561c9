/*
 * trsm.c — forward substitution with NR right-hand sides: solves
 * L X = B in place (X holds B on entry), L lower triangular, row by row.
 *
 * isl's scheduler puts the right-hand-side loop r, which carries no
 * dependence, first in its band (r, then i and j): the "isl" candidates
 * tile a band whose members are not the loops in their written order, so
 * the tile counts and parallel iterations the cost model sees follow r
 * (NR values), not i (N).
 *
 * Size: L is N x N, X is N x NR (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=67 -DNR=9
 * test-defines-edge: -DN=3 -DNR=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 4000
#endif
#ifndef NR
#define NR 128
#endif

static double L[N][N];
static double X[N][NR];

/* Fills L (diagonally dominant, so X stays finite) and X with values that
 * are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			L[i][j] = (double)((i * 5 + j * 3 + (i % 7) * (j % 5) + 1) % 23) / 23.0;
	for (int i = 0; i < N; i++)
		L[i][i] += (double)N;
	for (int i = 0; i < N; i++)
		for (int r = 0; r < NR; r++)
			X[i][r] = (double)((i * 7 + r * 2 + 3) % 19) / 7.0 - 1.0;
}

/* The kernel: X = L^-1 X. */
void kernel_trsm(void)
{
#pragma autotile
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < i; j++)
			for (int r = 0; r < NR; r++)
				X[i][r] -= L[i][j] * X[j][r];
		for (int r = 0; r < NR; r++)
			X[i][r] /= L[i][i];
	}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_trsm();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), X, sizeof X));
	return 0;
}
