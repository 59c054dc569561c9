/*
 * listing11.c — the kernel of Listing 1.1 in the tiling-parameters paper:
 *
 *     A[i][j] = A[i-2][j-1] + A[i-1][j-1] + A[i-1][j-2]
 *
 * Three uniform dependences with distances (2,1), (1,1) and (1,2); the
 * dependence cone has extreme rays (2,1) and (1,2), so rectangular and
 * skewed (parallelogram) tilings are both legal and j is parallel.
 *
 * The elements are unsigned int: the sums then wrap around modulo 2^32
 * (well defined in C) instead of overflowing to infinity, so the hash stays
 * sensitive to every element.  One call is short, so main() times REPS
 * calls of the kernel (the repeat loop is outside the marked nest).
 *
 * Sizes: N x M array, REPS repetitions (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=131 -DM=97 -DREPS=2
 * test-defines-edge: -DN=5 -DM=4 -DREPS=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 4000
#endif
#ifndef M
#define M 4000
#endif
#ifndef REPS
#define REPS 100
#endif

static unsigned int A[N][M];

/* Fills A with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			A[i][j] = (unsigned int)((i * i + 3 * j * 7 + 11) % 1009);
}

/* The kernel: one sweep of Listing 1.1 over the array. */
void kernel_listing11(void)
{
#pragma autotile
	for (int i = 2; i < N; i++)
		for (int j = 2; j < M; j++)
			A[i][j] = A[i - 2][j - 1] + A[i - 1][j - 1] + A[i - 1][j - 2];
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	for (int r = 0; r < REPS; r++)
		kernel_listing11();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), A, sizeof A));
	return 0;
}
