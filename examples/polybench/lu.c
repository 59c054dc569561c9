/*
 * lu.c — PolyBench/C 4.2.1's lu: the LU decomposition A = L * U without
 * pivoting, in place, row by row (L unit lower triangular below the
 * diagonal, U upper triangular on and above it).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=89
 * test-defines-edge: -DN=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif

static double A[N][N];

/* Fills A with a strictly diagonally dominant matrix (so no pivot is
 * zero) whose entries are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * j + 2 * i * i + 5 * j + 1) % 19) / 19.0;
	for (int i = 0; i < N; i++)
		A[i][i] = (double)N + 1.0 + (double)(i % 5);
}

/* The kernel: A = L U in place. */
static void kernel_lu(int n, double A[N][N])
{
	int i, j, k;

#pragma scop
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++) {
			for (k = 0; k < j; k++) {
				A[i][j] -= A[i][k] * A[k][j];
			}
			A[i][j] /= A[j][j];
		}
		for (j = i; j < n; j++) {
			for (k = 0; k < i; k++) {
				A[i][j] -= A[i][k] * A[k][j];
			}
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_lu(N, A);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), A, sizeof A));
	return 0;
}
