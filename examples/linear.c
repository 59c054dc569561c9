/*
 * linear.c — matrices and grids in malloc'd buffers indexed by hand, as C
 * code without variable-length arrays writes them: c[i * nj + j].
 *
 * autotile reads c[i * nj + j] as c[i][j] with rows of nj elements once
 * isl has proved 0 <= j < nj at every instance (README, "Supported
 * input"); the statements keep their text.  Two nests: C += A * B with
 * every array linearized (the k loop carries the sum into c[i][j]), and
 * one sweep of a 7-point stencil over a grid of nx planes of ny rows of
 * nz elements, u[(i * ny + j) * nz + k] read as u[i][j][k].
 *
 * Usage: linear [ni nj nk nx ny nz]; defaults NI .. NZ (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNI=37 -DNJ=29 -DNK=23 -DNX=13 -DNY=11 -DNZ=17
 * test-defines-edge: -DNI=1 -DNJ=3 -DNK=1 -DNX=3 -DNY=3 -DNZ=3
 */
#include <stdio.h>
#include <stdlib.h>

#include "at_bench.h"

#ifndef NI
#define NI 600
#endif
#ifndef NJ
#define NJ 900
#endif
#ifndef NK
#define NK 500
#endif
#ifndef NX
#define NX 160
#endif
#ifndef NY
#define NY 160
#endif
#ifndef NZ
#define NZ 160
#endif

/* Fills the buffers with values that are not linear in the indices. */
static void init(int ni, int nj, int nk, double *c, double *a, double *b,
		 long nv, double *v)
{
	for (int i = 0; i < ni; i++)
		for (int k = 0; k < nk; k++)
			a[i * nk + k] = (double)((i * k + 7 * i + 3) % 29) / 13.0 - 1.0;
	for (int k = 0; k < nk; k++)
		for (int j = 0; j < nj; j++)
			b[k * nj + j] = (double)((j * j + 5 * k + 1) % 17) / 9.0;
	for (int i = 0; i < ni; i++)
		for (int j = 0; j < nj; j++)
			c[i * nj + j] = (double)((i + 2 * j * j) % 11) / 4.0;
	for (long p = 0; p < nv; p++)
		v[p] = (double)((p * p + 3 * p + 1) % 23) / 7.0;
}

/* C += A * B, all three row-major in one-dimensional buffers. */
void kernel_gemm(int ni, int nj, int nk, double *restrict c,
		 const double *restrict a, const double *restrict b)
{
#pragma autotile
	for (int i = 0; i < ni; i++)
		for (int j = 0; j < nj; j++)
			for (int k = 0; k < nk; k++)
				c[i * nj + j] += a[i * nk + k] * b[k * nj + j];
}

/* One sweep of a 7-point average over the interior of the grid. */
void kernel_sweep(int nx, int ny, int nz, double *restrict u,
		  const double *restrict v)
{
#pragma autotile
	for (int i = 1; i < nx - 1; i++)
		for (int j = 1; j < ny - 1; j++)
			for (int k = 1; k < nz - 1; k++)
				u[(i * ny + j) * nz + k] =
					(v[(i * ny + j) * nz + k] +
					 v[((i - 1) * ny + j) * nz + k] +
					 v[((i + 1) * ny + j) * nz + k] +
					 v[(i * ny + j - 1) * nz + k] +
					 v[(i * ny + j + 1) * nz + k] +
					 v[(i * ny + j) * nz + k - 1] +
					 v[(i * ny + j) * nz + k + 1]) / 7.0;
}

int main(int argc, char **argv)
{
	int ni = at_bench_size_arg(argc, argv, 1, NI, "linear");
	int nj = at_bench_size_arg(argc, argv, 2, NJ, "linear");
	int nk = at_bench_size_arg(argc, argv, 3, NK, "linear");
	int nx = at_bench_size_arg(argc, argv, 4, NX, "linear");
	int ny = at_bench_size_arg(argc, argv, 5, NY, "linear");
	int nz = at_bench_size_arg(argc, argv, 6, NZ, "linear");
	long nv = (long)nx * ny * nz;
	double *a = malloc(sizeof(double) * (size_t)ni * nk);
	double *b = malloc(sizeof(double) * (size_t)nk * nj);
	double *c = malloc(sizeof(double) * (size_t)ni * nj);
	double *u = calloc((size_t)nv, sizeof(double));
	double *v = malloc(sizeof(double) * (size_t)nv);
	if (!a || !b || !c || !u || !v) {
		fprintf(stderr, "linear: out of memory\n");
		return 1;
	}
	init(ni, nj, nk, c, a, b, nv, v);
	double t0 = at_bench_now();
	kernel_gemm(ni, nj, nk, c, a, b);
	kernel_sweep(nx, ny, nz, u, v);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), c,
				   sizeof(double) * (size_t)ni * nj);
	at_bench_report(t1 - t0, at_bench_hash(h, u, sizeof(double) *
					       (size_t)nv));
	free(a);
	free(b);
	free(c);
	free(u);
	free(v);
	return 0;
}
