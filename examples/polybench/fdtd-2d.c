/*
 * fdtd-2d.c — PolyBench/C 4.2.1's fdtd-2d: TMAX steps of the 2-D
 * finite-difference time-domain method on an NX x NY grid; each step sets
 * the source row of ey from _fict_[t], updates the electric fields ey and
 * ex from the magnetic field hz, then hz from them.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DTMAX=13 -DNX=47 -DNY=59
 * test-defines-edge: -DTMAX=2 -DNX=1 -DNY=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef TMAX
#define TMAX 500
#endif
#ifndef NX
#define NX 1000
#endif
#ifndef NY
#define NY 1200
#endif

static double ex[NX][NY];
static double ey[NX][NY];
static double hz[NX][NY];
static double _fict_[TMAX];

/* Fills the fields and the source with values in [0, 1] that are not
 * linear in the indices. */
static void init(void)
{
	for (int t = 0; t < TMAX; t++)
		_fict_[t] = (double)((t * t + 3 * t + 1) % 19) / 18.0;
	for (int i = 0; i < NX; i++)
		for (int j = 0; j < NY; j++) {
			ex[i][j] = (double)((i * j + 2 * i * i + 7) % 37) / 36.0;
			ey[i][j] = (double)((i * j * 3 + j * j + 5) % 41) / 40.0;
			hz[i][j] = (double)((i * i + j * j * 2 + i + 3) % 29) / 28.0;
		}
}

/* The kernel: TMAX time steps of the ey, ex and hz updates. */
static void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[NX][NY],
			   double ey[NX][NY], double hz[NX][NY],
			   double _fict_[TMAX])
{
	int t, i, j;

#pragma scop
	for (t = 0; t < tmax; t++) {
		for (j = 0; j < ny; j++)
			ey[0][j] = _fict_[t];
		for (i = 1; i < nx; i++)
			for (j = 0; j < ny; j++)
				ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
		for (i = 0; i < nx; i++)
			for (j = 1; j < ny; j++)
				ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
		for (i = 0; i < nx - 1; i++)
			for (j = 0; j < ny - 1; j++)
				hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] +
							     ey[i + 1][j] - ey[i][j]);
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, _fict_);
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash_init();
	h = at_bench_hash(h, ex, sizeof ex);
	h = at_bench_hash(h, ey, sizeof ey);
	h = at_bench_hash(h, hz, sizeof hz);
	at_bench_report(t1 - t0, h);
	return 0;
}
