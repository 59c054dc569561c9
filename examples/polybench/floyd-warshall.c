/*
 * floyd-warshall.c — PolyBench/C 4.2.1's floyd-warshall: the lengths of
 * the shortest paths between every pair of the N nodes of a directed
 * graph, relaxed in place through each intermediate node k in turn.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).  The path lengths are int, as in
 * PolyBench.
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=71
 * test-defines-edge: -DN=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2800
#endif

static int paths[N][N];

/* Fills paths with edge lengths from 1 to 50 that are not linear in the
 * indices, and a long "no direct edge" length for some pairs. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			paths[i][j] = (i * i * 3 + j * 7 + i * j + 1) % 50 + 1;
			if ((i * 5 + j * j) % 9 == 0)
				paths[i][j] = 1000;
		}
}

/* The kernel: paths[i][j] = min(paths[i][j], paths[i][k] + paths[k][j])
 * for every intermediate node k. */
static void kernel_floyd_warshall(int n, int paths[N][N])
{
	int i, j, k;

#pragma scop
	for (k = 0; k < n; k++) {
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				paths[i][j] = paths[i][j] < paths[i][k] + paths[k][j] ?
					paths[i][j] : paths[i][k] + paths[k][j];
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_floyd_warshall(N, paths);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), paths,
		sizeof paths));
	return 0;
}
