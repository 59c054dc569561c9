/*
 * deriche.c — Deriche's recursive edge-detection filter on a W x H image,
 * written as PolyBench writes its kernels: one `#pragma scop` region, the
 * scalars of the recursions declared at the top of the function.
 *
 * Each sweep runs a second-order recursion along a row (or a column)
 * through scalars that the sweep sets to 0 at the start of every row.
 * autotile gives each row its own copy of them, so the rows of every
 * sweep run in parallel (`private(...)`); the sweeps that reuse ym1 and
 * yp1 get variables of their own (ym1_1, ...).  The recursion itself
 * stays sequential along the row.
 *
 * Sizes: W x H (defaults below, override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DW=37 -DH=29
 * test-defines-edge: -DW=1 -DH=2
 */
#include <math.h>
#include <stdio.h>

#include "at_bench.h"

#ifndef W
#define W 4096
#endif
#ifndef H
#define H 2160
#endif

/* yc, ya: the causal and anti-causal passes (math.h has y1). */
static float img_in[W][H], img_out[W][H], yc[W][H], ya[W][H];

/* Fills the input image with values that are not linear in the indices. */
static void init(void)
{
	for (int i = 0; i < W; i++)
		for (int j = 0; j < H; j++)
			img_in[i][j] = (float)((313 * i + 991 * j) % 65536) / 65535.0f;
}

/* The kernel: horizontal causal and anti-causal passes, their sum, then
 * the same vertically, with smoothing parameter alpha. */
void kernel_deriche(float alpha)
{
	float xm1, tm1, ym1, ym2, xp1, xp2, tp1, tp2, yp1, yp2;
	float e = expf(-alpha), e2 = expf(-2.0f * alpha);
	float k = (1.0f - e) * (1.0f - e) / (1.0f + 2.0f * alpha * e - e2);
	float a1 = k, a2 = k * e * (alpha - 1.0f), a3 = k * e * (alpha + 1.0f);
	float a4 = -k * e2, b1 = powf(2.0f, -alpha), b2 = -e2;
	int i, j;

#pragma scop
	for (i = 0; i < W; i++) {
		ym1 = 0.0f;
		ym2 = 0.0f;
		xm1 = 0.0f;
		for (j = 0; j < H; j++) {
			yc[i][j] = a1 * img_in[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
			xm1 = img_in[i][j];
			ym2 = ym1;
			ym1 = yc[i][j];
		}
	}
	for (i = 0; i < W; i++) {
		yp1 = 0.0f;
		yp2 = 0.0f;
		xp1 = 0.0f;
		xp2 = 0.0f;
		for (j = H - 1; j >= 0; j--) {
			ya[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
			xp2 = xp1;
			xp1 = img_in[i][j];
			yp2 = yp1;
			yp1 = ya[i][j];
		}
	}
	for (i = 0; i < W; i++)
		for (j = 0; j < H; j++)
			img_out[i][j] = yc[i][j] + ya[i][j];
	for (j = 0; j < H; j++) {
		tm1 = 0.0f;
		ym1 = 0.0f;
		ym2 = 0.0f;
		for (i = 0; i < W; i++) {
			yc[i][j] = a1 * img_out[i][j] + a2 * tm1 + b1 * ym1 + b2 * ym2;
			tm1 = img_out[i][j];
			ym2 = ym1;
			ym1 = yc[i][j];
		}
	}
	for (j = 0; j < H; j++) {
		tp1 = 0.0f;
		tp2 = 0.0f;
		yp1 = 0.0f;
		yp2 = 0.0f;
		for (i = W - 1; i >= 0; i--) {
			ya[i][j] = a3 * tp1 + a4 * tp2 + b1 * yp1 + b2 * yp2;
			tp2 = tp1;
			tp1 = img_out[i][j];
			yp2 = yp1;
			yp1 = ya[i][j];
		}
	}
	for (i = 0; i < W; i++)
		for (j = 0; j < H; j++)
			img_out[i][j] = yc[i][j] + ya[i][j];
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_deriche(0.25f);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), img_out, sizeof img_out));
	return 0;
}
