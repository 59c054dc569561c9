/*
 * adi.c — alternating direction implicit solver of a 2-D heat equation on
 * an N x N grid, T time steps, written as PolyBench writes its kernels:
 * one `#pragma scop` region that first computes the coefficients into
 * scalars declared at the top of the function, iterators declared there
 * too.
 *
 * Each step solves a tridiagonal system along every column (forward
 * elimination into p and q, then back substitution into v, backwards),
 * then along every row (into u).  Within a sweep the lines are
 * independent, so the loops over them run in parallel; along a line the
 * recursions are sequential; the column sweep reads u across its columns.
 *
 * Size: N x N, T steps (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=43 -DT=3
 * test-defines-edge: -DN=3 -DT=1
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 1000
#endif
#ifndef T
#define T 20
#endif

static double u[N][N], v[N][N], p[N][N], q[N][N];

/* Fills u with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			u[i][j] = (double)((i * 5 + j * 3 + (i % 7) * (j % 11)) %
				23) / 23.0;
}

/* The kernel: T steps of a column sweep (u into v) and a row sweep (v
 * into u). */
void kernel_adi(void)
{
	int t, i, j;
	double dx, dy, dt, b1, b2, mul1, mul2, a, b, c, d, e, f;

#pragma scop
	dx = 1.0 / (double)N;
	dy = 1.0 / (double)N;
	dt = 1.0 / (double)T;
	b1 = 2.0;
	b2 = 1.0;
	mul1 = b1 * dt / (dx * dx);
	mul2 = b2 * dt / (dy * dy);
	a = -mul1 / 2.0;
	b = 1.0 + mul1;
	c = a;
	d = -mul2 / 2.0;
	e = 1.0 + mul2;
	f = d;
	for (t = 1; t <= T; t++) {
		for (i = 1; i < N - 1; i++) {
			v[0][i] = 1.0;
			p[i][0] = 0.0;
			q[i][0] = v[0][i];
			for (j = 1; j < N - 1; j++) {
				p[i][j] = -c / (a * p[i][j - 1] + b);
				q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] -
					f * u[j][i + 1] - a * q[i][j - 1]) /
					(a * p[i][j - 1] + b);
			}
			v[N - 1][i] = 1.0;
			for (j = N - 2; j >= 1; j--)
				v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
		}
		for (i = 1; i < N - 1; i++) {
			u[i][0] = 1.0;
			p[i][0] = 0.0;
			q[i][0] = u[i][0];
			for (j = 1; j < N - 1; j++) {
				p[i][j] = -f / (d * p[i][j - 1] + e);
				q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] -
					c * v[i + 1][j] - d * q[i][j - 1]) /
					(d * p[i][j - 1] + e);
			}
			u[i][N - 1] = 1.0;
			for (j = N - 2; j >= 1; j--)
				u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_adi();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), u,
		sizeof u));
	return 0;
}
