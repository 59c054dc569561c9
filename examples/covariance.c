/*
 * covariance.c — the covariance matrix of M centred columns of N samples,
 * written as numerical codes often are: with an accumulator declared in
 * the loop body.
 *
 * Each (i, j) has its own `s`; autotile computes the dependences per copy
 * of it, tiles the i and j loops around the declaration, runs the tiles
 * in parallel with `private(s)` and keeps the k loop inside.  The
 * triangular bounds (j >= i) and the two stores make the iterations
 * uneven.
 *
 * Sizes: N samples of M columns (defaults below, override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=83 -DN=97
 * test-defines-edge: -DM=3 -DN=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1000
#endif
#ifndef N
#define N 1200
#endif

static double D[N][M];
static double C[M][M];

/* Fills D with values that are not linear in the indices, centred per
 * column. */
static void init(void)
{
	for (int k = 0; k < N; k++)
		for (int j = 0; j < M; j++)
			D[k][j] = (double)((k * j + 3 * k + 7 * j + 1) % 29) / 9.0;
	for (int j = 0; j < M; j++) {
		double mean = 0;
		for (int k = 0; k < N; k++)
			mean += D[k][j];
		mean /= N;
		for (int k = 0; k < N; k++)
			D[k][j] -= mean;
	}
}

/* The kernel: C = D^T D / (N - 1), both triangles. */
void kernel_covariance(void)
{
#pragma autotile
	for (int i = 0; i < M; i++)
		for (int j = i; j < M; j++) {
			double s = 0.0;
			for (int k = 0; k < N; k++)
				s += D[k][i] * D[k][j];
			s /= (N - 1.0);
			C[i][j] = s;
			C[j][i] = s;
		}
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_covariance();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C, sizeof C));
	return 0;
}
