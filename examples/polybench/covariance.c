/*
 * covariance.c — PolyBench/C 4.2.1's covariance: the M x M covariance
 * matrix of N samples of M variables (the column means are computed and
 * subtracted from the data in place, then cov = data^T * data / (N - 1),
 * one triangle computed and mirrored).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=37 -DN=53
 * test-defines-edge: -DM=3 -DN=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1200
#endif
#ifndef N
#define N 1400
#endif

static double data[N][M];
static double cov[M][M];
static double mean[M];

/* Fills data with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			data[i][j] = (double)((i * j + 5 * i + 3 * j * j + 2) % 31) / 7.0;
}

/* The kernel: mean = column means of data, data -= mean, and
 * cov = data^T * data / (float_n - 1). */
static void kernel_covariance(int m, int n, double float_n,
			      double data[N][M], double cov[M][M],
			      double mean[M])
{
	int i, j, k;

#pragma scop
	for (j = 0; j < m; j++) {
		mean[j] = 0.0;
		for (i = 0; i < n; i++)
			mean[j] += data[i][j];
		mean[j] /= float_n;
	}

	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			data[i][j] -= mean[j];

	for (i = 0; i < m; i++)
		for (j = i; j < m; j++) {
			cov[i][j] = 0.0;
			for (k = 0; k < n; k++)
				cov[i][j] += data[k][i] * data[k][j];
			cov[i][j] /= (float_n - 1.0);
			cov[j][i] = cov[i][j];
		}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_covariance(M, N, (double)N, data, cov, mean);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash_init();
	h = at_bench_hash(h, cov, sizeof cov);
	h = at_bench_hash(h, data, sizeof data);
	h = at_bench_hash(h, mean, sizeof mean);
	at_bench_report(t1 - t0, h);
	return 0;
}
