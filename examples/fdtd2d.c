/*
 * fdtd2d.c — 2-D finite-difference time-domain kernel (PolyBench fdtd-2d),
 * marked the PolyBench/Pluto way with `#pragma scop` ... `#pragma endscop`
 * and with the loop iterators declared before the region, as PolyBench
 * writes them.
 *
 * Four statements at two depths inside the time loop (a boundary row at
 * depth 2, three field updates at depth 3): tiling needs the statements
 * shifted and the time loop skewed.
 *
 * Sizes: NX x NY grid, TMAX time steps (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNX=67 -DNY=83 -DTMAX=70
 * test-defines-edge: -DNX=3 -DNY=5 -DTMAX=4
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef NX
#define NX 1000
#endif
#ifndef NY
#define NY 1200
#endif
#ifndef TMAX
#define TMAX 100
#endif

static double ex[NX][NY];
static double ey[NX][NY];
static double hz[NX][NY];
static double fict[TMAX];

/* Fills the fields with values that are not linear in the indices. */
static void init(void)
{
	for (int t = 0; t < TMAX; t++)
		fict[t] = (double)((t * t + 3) % 11) / 5.0;
	for (int i = 0; i < NX; i++)
		for (int j = 0; j < NY; j++) {
			ex[i][j] = (double)((i * (j + 1) + 3 * j) % 17) / NX;
			ey[i][j] = (double)((i * (j + 2) + j * j) % 19) / NY;
			hz[i][j] = (double)((i * (j + 3) + 2 * i * i) % 23) / NX;
		}
}

/* The kernel: TMAX steps of the E/H field updates. */
void kernel_fdtd2d(void)
{
	int t, i, j;

#pragma scop
	for (t = 0; t < TMAX; t++) {
		for (j = 0; j < NY; j++)
			ey[0][j] = fict[t];
		for (i = 1; i < NX; i++)
			for (j = 0; j < NY; j++)
				ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
		for (i = 0; i < NX; i++)
			for (j = 1; j < NY; j++)
				ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
		for (i = 0; i < NX - 1; i++)
			for (j = 0; j < NY - 1; j++)
				hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j]
							     + ey[i + 1][j] - ey[i][j]);
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_fdtd2d();
	double t1 = at_bench_now();
	uint64_t h = at_bench_hash(at_bench_hash_init(), ex, sizeof ex);
	h = at_bench_hash(h, ey, sizeof ey);
	h = at_bench_hash(h, hz, sizeof hz);
	at_bench_report(t1 - t0, h);
	return 0;
}
