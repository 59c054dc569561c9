/*
 * float-rounding.c — the reproducer of a GCC 12.2 (Debian 12) wrong-code
 * behaviour found by autotile's dataset check (session 28; README, "Known
 * limits").  Not part of the product and not run by `make test`.
 *
 *   gcc -O2 -ffp-contract=off tests/gcc/float-rounding.c -o /tmp/fr && /tmp/fr
 *
 * C requires every assignment to a float to round to float (on x86-64
 * FLT_EVAL_METHOD is 0: no excess precision).  In k() the loop over r
 * keeps C[i][j] as a float between iterations, each update computed in
 * double and rounded.  With constant trip counts GCC 12.2 at -O2 (also
 * with -march=native or -std=c11) vectorizes and unrolls the loop over r
 * and rounds only once, after the four double updates; ref() is the same
 * loop with the rounded value forced through a volatile float.  -O0,
 * -O1, -O3, -O2 -fno-tree-vectorize, -O2 -fno-tree-loop-im and clang -O3
 * agree with ref().  autotile's tiling of generated kernel 2000324
 * (`bin/autotile-gen --seed 2000324`, isl.TS.LI.o0.i2.32x32x32) puts such
 * a loop innermost, so the dataset's -O2 check build of it (and its -O3
 * builds, with or without -march=native) differs from the original's in
 * the last bit of two elements although the transformed source computes
 * the same values (its -O0 and -O1 builds, an ASan/UBSan build and
 * clang's -O2 and -O3 match the original's).
 * Exit status 1 when the two differ.
 */
#include <stdio.h>

#define NR 4
#define NI 29
#define NJ 37

static float B[NI][NJ], C[NI][NJ], D[NI][NJ];

/* The loop as autotile's tiling leaves it (in the boundary tile). */
__attribute__((noinline)) static void k(void)
{
	for (int i = 0; i < NI; i++)
		for (int j = 0; j <= 1; j++)
			for (int r = 0; r < NR; r++)
				C[i][j] = 0.4 * B[i][j] + 0.4 * C[i][j];
}

/* The same, each update rounded through a volatile float. */
__attribute__((noinline)) static void ref(void)
{
	for (int i = 0; i < NI; i++)
		for (int j = 0; j <= 1; j++)
			for (int r = 0; r < NR; r++) {
				volatile float t = 0.4 * B[i][j] + 0.4 * D[i][j];
				D[i][j] = t;
			}
}

int main(void)
{
	int diff = 0;

	for (int i = 0; i < NI; i++)
		for (int j = 0; j < NJ; j++) {
			B[i][j] = (double)((i * 9L + j * 1L + (i % 5) * (j % 13)
				+ 4) % 29) / 7.0 - 1.0;
			C[i][j] = D[i][j] = (double)((i * 9L + j * 2L +
				(i % 11) * (j % 11) + 4) % 23) / 13.0 - 1.0;
		}
	k();
	ref();
	for (int i = 0; i < NI; i++)
		for (int j = 0; j <= 1; j++)
			if (C[i][j] != D[i][j]) {
				printf("C[%d][%d] = %.9g, rounded at every step "
					"%.9g\n", i, j, C[i][j], D[i][j]);
				diff++;
			}
	printf("%d of %d elements differ\n", diff, NI * 2);
	return diff != 0;
}
