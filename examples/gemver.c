/*
 * gemver.c — vector multiplication and matrix addition (PolyBench gemver),
 * with TWO marked nests in one function:
 *
 *     A = A + u1 * v1^T + u2 * v2^T     (marked: fully parallel)
 *     x = x + beta * A^T * y            (marked: column-wise reduction)
 *     x = x + z                         (ordinary C, left as it is)
 *     w = w + alpha * A * x             (ordinary C, left as it is)
 *
 * Everything outside the two marked nests must come out byte-identical.
 * One call is short, so main() times REPS calls of the kernel.
 *
 * Sizes: A is N x N, REPS repetitions (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=99 -DREPS=2
 * test-defines-edge: -DN=5 -DREPS=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 4000
#endif
#ifndef REPS
#define REPS 4
#endif

static double A[N][N];
static double u1[N], v1[N], u2[N], v2[N];
static double w[N], x[N], y[N], z[N];

/* Fills the matrix and vectors with values that are not linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		u1[i] = (double)((i * i + 1) % 17) / 17.0;
		u2[i] = (double)((3 * i * i + 2) % 13) / 26.0;
		v1[i] = (double)((i * 7 + i * i % 5) % 19) / 38.0;
		v2[i] = (double)((i * i * 5 + 3) % 23) / 46.0;
		y[i] = (double)((i * i + 2 * i) % 11) / 11.0;
		z[i] = (double)((i * i % 7) + 1) / 7.0;
		x[i] = 0.0;
		w[i] = 0.0;
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * j + 3 * j * j + 1) % 29) / 29.0;
	}
}

/* The kernel: one gemver step. */
void kernel_gemver(double alpha, double beta)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];

#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			x[i] = x[i] + beta * A[j][i] * y[j];

	for (int i = 0; i < N; i++)
		x[i] = x[i] + z[i];

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	for (int r = 0; r < REPS; r++)
		kernel_gemver(0.25, 0.125);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, x, sizeof x);
	h = at_bench_hash(h, w, sizeof w);
	at_bench_report(t1 - t0, h);
	return 0;
}
