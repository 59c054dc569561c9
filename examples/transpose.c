/*
 * transpose.c — B = (B + A^T) / 2, a transpose-like access: A is read
 * column-wise while B is written row-wise, so one of the two streams
 * touches a new cache line on every iteration unless the nest is tiled.
 * No dependence between iterations: both loops are parallel.  One call is
 * short, so main() times REPS calls of the kernel.
 *
 * Sizes: N x N, REPS repetitions (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=131 -DREPS=2
 * test-defines-edge: -DN=5 -DREPS=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 4000
#endif
#ifndef REPS
#define REPS 3
#endif

static double A[N][N];
static double B[N][N];

/* Fills A and B with values that are not linear in the indices. */
static void init(void)
{
	uint64_t s = 987654321;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = at_bench_rand(&s);
			B[i][j] = (double)((i * i + 5 * j) % 37) / 37.0;
		}
}

/* The kernel: B = (B + A^T) / 2. */
void kernel_transpose(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = 0.5 * (B[i][j] + A[j][i]);
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	for (int r = 0; r < REPS; r++)
		kernel_transpose();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), B, sizeof B));
	return 0;
}
