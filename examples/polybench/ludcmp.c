/*
 * ludcmp.c — PolyBench/C 4.2.1's ludcmp: solves A x = b by an in-place LU
 * decomposition of A without pivoting (as PolyBench's lu, through the
 * scalar w), then forward substitution L y = b and back substitution
 * U x = y.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=83
 * test-defines-edge: -DN=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2000
#endif

static double A[N][N];
static double b[N];
static double x[N];
static double y[N];

/* Fills A with a strictly diagonally dominant matrix (so no pivot is
 * zero) and b with values, neither linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((3 * i * j + j * j + 2 * i + 1) % 23) / 23.0;
		A[i][i] = (double)N + 2.0 + (double)(i % 3);
		b[i] = (double)((i * i + 7 * i + 3) % 11) / 11.0 - 0.5;
	}
}

/* The kernel: A = L U in place, L y = b, U x = y. */
static void kernel_ludcmp(int n, double A[N][N], double b[N], double x[N],
	double y[N])
{
	int i, j, k;
	double w;

#pragma scop
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++) {
			w = A[i][j];
			for (k = 0; k < j; k++) {
				w -= A[i][k] * A[k][j];
			}
			A[i][j] = w / A[j][j];
		}
		for (j = i; j < n; j++) {
			w = A[i][j];
			for (k = 0; k < i; k++) {
				w -= A[i][k] * A[k][j];
			}
			A[i][j] = w;
		}
	}

	for (i = 0; i < n; i++) {
		w = b[i];
		for (j = 0; j < i; j++)
			w -= A[i][j] * y[j];
		y[i] = w;
	}

	for (i = n - 1; i >= 0; i--) {
		w = y[i];
		for (j = i + 1; j < n; j++)
			w -= A[i][j] * x[j];
		x[i] = w / A[i][i];
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_ludcmp(N, A, b, x, y);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), A, sizeof A);
	h = at_bench_hash(h, x, sizeof x);
	h = at_bench_hash(h, y, sizeof y);
	at_bench_report(t1 - t0, h);
	return 0;
}
