/*
 * cholesky.c — PolyBench/C 4.2.1's cholesky: the Cholesky factorisation
 * A = L * L^T of a symmetric positive definite matrix, in place, row by row
 * (L overwrites the lower triangle of A, the upper triangle is not read
 * or written).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=79
 * test-defines-edge: -DN=3
 */
#include <math.h>
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif

static double A[N][N];

/* Fills A with a symmetric, strictly diagonally dominant matrix with a
 * positive diagonal (so positive definite) whose entries are not linear in
 * the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j <= i; j++) {
			double v = (double)((i * j + 3 * i + 3 * j + 1) % 17) / 17.0;
			A[i][j] = v;
			A[j][i] = v;
		}
	for (int i = 0; i < N; i++)
		A[i][i] = (double)N + 1.0 + (double)(i % 7);
}

/* The kernel: lower triangle of A = L with L L^T = A. */
static void kernel_cholesky(int n, double A[N][N])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < n; i++) {
		/* j < i */
		for (j = 0; j < i; j++) {
			for (k = 0; k < j; k++) {
				A[i][j] -= A[i][k] * A[j][k];
			}
			A[i][j] /= A[j][j];
		}
		/* i == j */
		for (k = 0; k < i; k++) {
			A[i][i] -= A[i][k] * A[i][k];
		}
		A[i][i] = sqrt(A[i][i]);
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_cholesky(N, A);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), A, sizeof A));
	return 0;
}
