/*
 * trisolv.c — PolyBench/C 4.2.1's trisolv: solves the lower triangular
 * system L x = b by forward substitution.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=93
 * test-defines-edge: -DN=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif

static double L[N][N];
static double x[N];
static double b[N];

/* Fills L with a lower triangle whose diagonal outweighs the rest of its
 * row (so x stays bounded) and b with values, neither linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < i; j++)
			L[i][j] = (double)((i * j + 3 * j * j + 2) % 29) / 29.0;
		L[i][i] = (double)i + 2.0;
		b[i] = (double)((i * i + 5 * i + 1) % 13) / 13.0 - 0.25;
	}
}

/* The kernel: x = L^-1 b. */
static void kernel_trisolv(int n, double L[N][N], double x[N], double b[N])
{
	int i, j;

#pragma scop
	for (i = 0; i < n; i++) {
		x[i] = b[i];
		for (j = 0; j < i; j++)
			x[i] -= L[i][j] * x[j];
		x[i] = x[i] / L[i][i];
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_trisolv(N, L, x, b);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), x, sizeof x));
	return 0;
}
