/*
 * lu.c — in-place LU decomposition without pivoting (right-looking,
 * Doolittle): for each pivot k, scale column k below the diagonal, then
 * update the trailing sub-matrix.
 *
 * The dependences are non-uniform (their distances depend on k, i, j):
 * A[i][k] is written at step k and read by every later step, A[k][j] is
 * read by all rows below.  The data is diagonally dominant, so no pivoting
 * is needed and the values stay finite.
 *
 * Size: A is N x N (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=91
 * test-defines-edge: -DN=5
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 1500
#endif

static double A[N][N];

/* Fills A with a diagonally dominant matrix whose entries are not linear in
 * the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * j + 3 * i + 7 * j + 1) % 17) / 17.0;
	for (int i = 0; i < N; i++)
		A[i][i] += (double)N;
}

/* The kernel: A = L * U in place (L unit lower, U upper). */
void kernel_lu(void)
{
#pragma autotile
	for (int k = 0; k < N; k++)
		for (int i = k + 1; i < N; i++) {
			A[i][k] /= A[k][k];
			for (int j = k + 1; j < N; j++)
				A[i][j] -= A[i][k] * A[k][j];
		}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_lu();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), A, sizeof A));
	return 0;
}
