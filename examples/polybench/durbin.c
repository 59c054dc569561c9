/*
 * durbin.c — PolyBench/C 4.2.1's durbin: Levinson-Durbin's recursion,
 * solving the Yule-Walker system of a symmetric Toeplitz matrix (1 on the
 * diagonal, r[0..N-2] off it) for y, one order k at a time, through the
 * scalars alpha, beta, sum and the temporary vector z.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=97
 * test-defines-edge: -DN=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif

static double r[N];
static double y[N];

/* Fills r with values of both signs, the k-th at most 0.25 / (k + 1)^2 in
 * magnitude: their absolute sum stays below 1/2, so the Toeplitz matrix is
 * diagonally dominant, every |alpha| < 1 and beta stays well above 0. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		double v = (double)((i * i + 5 * i + 3) % 13) / 12.0 - 0.5;
		r[i] = 0.5 * v / ((double)(i + 1) * (double)(i + 1));
	}
}

/* The kernel: y solves the Yule-Walker equations of r. */
static void kernel_durbin(int n, double r[N], double y[N])
{
	double z[N];
	double alpha;
	double beta;
	double sum;
	int i, k;

#pragma scop
	y[0] = -r[0];
	beta = 1.0;
	alpha = -r[0];

	for (k = 1; k < n; k++) {
		beta = (1 - alpha * alpha) * beta;
		sum = 0.0;
		for (i = 0; i < k; i++) {
			sum += r[k - i - 1] * y[i];
		}
		alpha = -(r[k] + sum) / beta;

		for (i = 0; i < k; i++) {
			z[i] = y[i] + alpha * y[k - i - 1];
		}
		for (i = 0; i < k; i++) {
			y[i] = z[i];
		}
		y[k] = alpha;
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_durbin(N, r, y);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), y, sizeof y));
	return 0;
}
