/*
 * correlation.c — PolyBench/C 4.2.1's correlation: the M x M correlation
 * matrix of M columns of N samples: the mean and standard deviation of
 * each column, the columns centred and scaled in place, then their
 * pairwise products (upper triangle, copied to the lower one).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=59 -DN=71
 * test-defines-edge: -DM=2 -DN=1
 */
#include <math.h>
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1200
#endif
#ifndef N
#define N 1400
#endif

static double data[N][M];
static double corr[M][M];
static double mean[M];
static double stddev[M];

/* Fills data with values in [0, 4) that are not linear in the indices
 * (no two columns alike before column 3131). */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			data[i][j] = (double)((i * j + 2 * i * i + 5 * j + 3) % 31) / 10.0
				+ (double)((j * j + 3 * i) % 101) / 100.0;
}

/* The kernel: corr = the correlation matrix of the columns of data (which
 * it centres and scales), with their means and standard deviations. */
static void kernel_correlation(int m, int n, double float_n,
	double data[N][M], double corr[M][M], double mean[M], double stddev[M])
{
	int i, j, k;
	double eps = 0.1;

#pragma scop
	for (j = 0; j < m; j++) {
		mean[j] = 0.0;
		for (i = 0; i < n; i++)
			mean[j] += data[i][j];
		mean[j] /= float_n;
	}

	for (j = 0; j < m; j++) {
		stddev[j] = 0.0;
		for (i = 0; i < n; i++)
			stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
		stddev[j] /= float_n;
		stddev[j] = sqrt(stddev[j]);
		/* a deviation near zero would divide by zero below: use 1 */
		stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
	}

	/* centre and scale the columns */
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++) {
			data[i][j] -= mean[j];
			data[i][j] /= sqrt(float_n) * stddev[j];
		}

	/* the m x m correlation matrix */
	for (i = 0; i < m - 1; i++) {
		corr[i][i] = 1.0;
		for (j = i + 1; j < m; j++) {
			corr[i][j] = 0.0;
			for (k = 0; k < n; k++)
				corr[i][j] += (data[k][i] * data[k][j]);
			corr[j][i] = corr[i][j];
		}
	}
	corr[m - 1][m - 1] = 1.0;
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_correlation(M, N, (double)N, data, corr, mean, stddev);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), corr, sizeof corr);
	h = at_bench_hash(h, mean, sizeof mean);
	h = at_bench_hash(h, stddev, sizeof stddev);
	h = at_bench_hash(h, data, sizeof data);
	at_bench_report(t1 - t0, h);
	return 0;
}
