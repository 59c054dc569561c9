/*
 * bicg.c — PolyBench/C 4.2.1's bicg, the two products of the BiCG solver's
 * inner step: s = A^T * r and q = A * p, in one sweep over the rows of A.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DM=67 -DN=73
 * test-defines-edge: -DM=3 -DN=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef M
#define M 1900
#endif
#ifndef N
#define N 2100
#endif

static double A[N][M];
static double s[M];
static double q[N];
static double p[M];
static double r[N];

/* Fills A, p and r with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			A[i][j] = (double)((i * (j + 1) + 5 * i + 3) % 41) / 41.0;
	for (int j = 0; j < M; j++)
		p[j] = (double)((j * j + 3) % 17) / 17.0 - 0.5;
	for (int i = 0; i < N; i++)
		r[i] = (double)((i * i + 2 * i + 1) % 19) / 19.0;
}

/* The kernel: s = A^T * r and q = A * p. */
void kernel_bicg(int m, int n, double A[N][M], double s[M], double q[N],
		 double p[M], double r[N])
{
	int i, j;

#pragma scop
	for (i = 0; i < m; i++)
		s[i] = 0;
	for (i = 0; i < n; i++) {
		q[i] = 0.0;
		for (j = 0; j < m; j++) {
			s[j] = s[j] + r[i] * A[i][j];
			q[i] = q[i] + A[i][j] * p[j];
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_bicg(M, N, A, s, q, p, r);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), s, sizeof s);
	h = at_bench_hash(h, q, sizeof q);
	at_bench_report(t1 - t0, h);
	return 0;
}
