/*
 * adi.c — PolyBench/C 4.2.1's adi: alternating direction implicit solver
 * of a 2-D heat equation on an N x N grid over TSTEPS time steps; each
 * step solves a tridiagonal system along every column (into v), then
 * along every row (back into u), with the Thomas algorithm (forward
 * sweep into p and q, back substitution).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DTSTEPS=11 -DN=61
 * test-defines-edge: -DTSTEPS=2 -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef TSTEPS
#define TSTEPS 500
#endif
#ifndef N
#define N 1000
#endif

static double u[N][N];
static double v[N][N];
static double p[N][N];
static double q[N][N];

/* Fills u with values in [0, 1] that are not linear in the indices (v, p
 * and q are written before they are read). */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			u[i][j] = (double)((i * j * 3 + i * i + 5 * j + 1) % 43) / 42.0;
}

/* The kernel: TSTEPS steps of the column sweep then the row sweep. */
static void kernel_adi(int tsteps, int n, double u[N][N], double v[N][N],
		       double p[N][N], double q[N][N])
{
	int t, i, j;
	double DX, DY, DT;
	double B1, B2;
	double mul1, mul2;
	double a, b, c, d, e, f;

#pragma scop
	DX = 1.0 / (double)n;
	DY = 1.0 / (double)n;
	DT = 1.0 / (double)tsteps;
	B1 = 2.0;
	B2 = 1.0;
	mul1 = B1 * DT / (DX * DX);
	mul2 = B2 * DT / (DY * DY);

	a = -mul1 / 2.0;
	b = 1.0 + mul1;
	c = a;
	d = -mul2 / 2.0;
	e = 1.0 + mul2;
	f = d;

	for (t = 1; t <= tsteps; t++) {
		/* column sweep */
		for (i = 1; i < n - 1; i++) {
			v[0][i] = 1.0;
			p[i][0] = 0.0;
			q[i][0] = v[0][i];
			for (j = 1; j < n - 1; j++) {
				p[i][j] = -c / (a * p[i][j - 1] + b);
				q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] -
					   f * u[j][i + 1] - a * q[i][j - 1]) /
					  (a * p[i][j - 1] + b);
			}

			v[n - 1][i] = 1.0;
			for (j = n - 2; j >= 1; j--)
				v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
		}
		/* row sweep */
		for (i = 1; i < n - 1; i++) {
			u[i][0] = 1.0;
			p[i][0] = 0.0;
			q[i][0] = u[i][0];
			for (j = 1; j < n - 1; j++) {
				p[i][j] = -f / (d * p[i][j - 1] + e);
				q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] -
					   c * v[i + 1][j] - d * q[i][j - 1]) /
					  (d * p[i][j - 1] + e);
			}
			u[i][n - 1] = 1.0;
			for (j = n - 2; j >= 1; j--)
				u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_adi(TSTEPS, N, u, v, p, q);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash_init();
	h = at_bench_hash(h, u, sizeof u);
	h = at_bench_hash(h, v, sizeof v);
	h = at_bench_hash(h, p, sizeof p);
	h = at_bench_hash(h, q, sizeof q);
	at_bench_report(t1 - t0, h);
	return 0;
}
