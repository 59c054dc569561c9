/*
 * gramschmidt.c — PolyBench/C 4.2.1's gramschmidt: the QR decomposition
 * A = Q * R of an M x N matrix by modified Gram-Schmidt, column by column
 * (each column of A is normalised into Q, then removed from the columns to
 * its right, which overwrites A).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * PolyBench's LARGE sizes have fewer rows than columns (M < N), so from
 * column M on the columns left in A are rounding noise: the values stay
 * finite but are not meaningful.  The test sizes have M > N.
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=83 -DN=61
 * test-defines-edge: -DM=4 -DN=3
 */
#include <math.h>
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1000
#endif
#ifndef N
#define N 1200
#endif

static double A[M][N];
static double R[N][N];
static double Q[M][N];

/* Fills A with pseudo-random values in [-0.5, 0.5) plus 2 on its diagonal,
 * so that its first min(M, N) columns are well independent. */
static void init(void)
{
	uint64_t s = 12345;

	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = at_bench_rand(&s) - 0.5 + (i == j ? 2.0 : 0.0);
}

/* The kernel: A = Q R, Q with orthonormal columns, R upper triangular. */
static void kernel_gramschmidt(int m, int n, double A[M][N], double R[N][N],
	double Q[M][N])
{
	int i, j, k;
	double nrm;

#pragma scop
	for (k = 0; k < n; k++) {
		nrm = 0.0;
		for (i = 0; i < m; i++)
			nrm += A[i][k] * A[i][k];
		R[k][k] = sqrt(nrm);
		for (i = 0; i < m; i++)
			Q[i][k] = A[i][k] / R[k][k];
		for (j = k + 1; j < n; j++) {
			R[k][j] = 0.0;
			for (i = 0; i < m; i++)
				R[k][j] += Q[i][k] * A[i][j];
			for (i = 0; i < m; i++)
				A[i][j] = A[i][j] - Q[i][k] * R[k][j];
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_gramschmidt(M, N, A, R, Q);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, R, sizeof R);
	h = at_bench_hash(h, Q, sizeof Q);
	at_bench_report(t1 - t0, h);
	return 0;
}
