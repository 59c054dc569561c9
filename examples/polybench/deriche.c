/*
 * deriche.c — PolyBench/C 4.2.1's deriche: Deriche's recursive
 * edge-detection filter on a W x H image (a causal and an anti-causal
 * second-order recursion along every row, summed, then the same along
 * every column of the result).
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).  PolyBench computes deriche in
 * float by default; this file uses double, like the rest of the suite.
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DW=67 -DH=53
 * test-defines-edge: -DW=1 -DH=3
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

/* img_y1, img_y2: the two passes (math.h declares a function y1). */
static double imgIn[W][H];
static double imgOut[W][H];
static double img_y1[W][H];
static double img_y2[W][H];

/* Fills the input image with values in [0, 1] that are not linear in the
 * indices. */
static void init(void)
{
	for (int i = 0; i < W; i++)
		for (int j = 0; j < H; j++)
			imgIn[i][j] = (double)((i * i + 17 * i * j + 5 * j + 11) % 257) / 256.0;
}

/* The kernel: the filter with smoothing parameter alpha; y1 and y2 hold
 * the causal and anti-causal passes. */
static void kernel_deriche(int w, int h, double alpha, double imgIn[W][H],
			   double imgOut[W][H], double y1[W][H],
			   double y2[W][H])
{
	int i, j;
	double xm1, tm1, ym1, ym2;
	double xp1, xp2;
	double tp1, tp2;
	double yp1, yp2;

	double k;
	double a1, a2, a3, a4, a5, a6, a7, a8;
	double b1, b2, c1, c2;

#pragma scop
	k = (1.0 - exp(-alpha)) * (1.0 - exp(-alpha)) /
	    (1.0 + 2.0 * alpha * exp(-alpha) - exp(2.0 * alpha));
	a1 = a5 = k;
	a2 = a6 = k * exp(-alpha) * (alpha - 1.0);
	a3 = a7 = k * exp(-alpha) * (alpha + 1.0);
	a4 = a8 = -k * exp(-2.0 * alpha);
	b1 = pow(2.0, -alpha);
	b2 = -exp(-2.0 * alpha);
	c1 = c2 = 1;

	for (i = 0; i < w; i++) {
		ym1 = 0.0;
		ym2 = 0.0;
		xm1 = 0.0;
		for (j = 0; j < h; j++) {
			y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
			xm1 = imgIn[i][j];
			ym2 = ym1;
			ym1 = y1[i][j];
		}
	}

	for (i = 0; i < w; i++) {
		yp1 = 0.0;
		yp2 = 0.0;
		xp1 = 0.0;
		xp2 = 0.0;
		for (j = h - 1; j >= 0; j--) {
			y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
			xp2 = xp1;
			xp1 = imgIn[i][j];
			yp2 = yp1;
			yp1 = y2[i][j];
		}
	}

	for (i = 0; i < w; i++)
		for (j = 0; j < h; j++)
			imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

	for (j = 0; j < h; j++) {
		tm1 = 0.0;
		ym1 = 0.0;
		ym2 = 0.0;
		for (i = 0; i < w; i++) {
			y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
			tm1 = imgOut[i][j];
			ym2 = ym1;
			ym1 = y1[i][j];
		}
	}

	for (j = 0; j < h; j++) {
		tp1 = 0.0;
		tp2 = 0.0;
		yp1 = 0.0;
		yp2 = 0.0;
		for (i = w - 1; i >= 0; i--) {
			y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
			tp2 = tp1;
			tp1 = imgOut[i][j];
			yp2 = yp1;
			yp1 = y2[i][j];
		}
	}

	for (i = 0; i < w; i++)
		for (j = 0; j < h; j++)
			imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_deriche(W, H, 0.25, imgIn, imgOut, img_y1, img_y2);
	double t1 = at_bench_now();
	uint64_t hash = at_bench_hash_init();
	hash = at_bench_hash(hash, imgOut, sizeof imgOut);
	hash = at_bench_hash(hash, img_y1, sizeof img_y1);
	hash = at_bench_hash(hash, img_y2, sizeof img_y2);
	at_bench_report(t1 - t0, hash);
	return 0;
}
