/*
 * param-bounds.c — the reproducer of a GCC 12.2 (Debian 12) wrong-code
 * behaviour found by tests/verify.sh on an autotile tiling of a generated
 * wave kernel (session 48: seed 5000132, candidate
 * isl.TS.LI.t3012.p2013.64x256x4x512; README, "Known limits").  Not part
 * of the product and not run by `make test`.
 *
 *   gcc -O2 tests/gcc/param-bounds.c -o /tmp/pb && /tmp/pb
 *
 * k() is a loop nest as isl prints it, reduced by hand and by creduce
 * from autotile's output: c0 is the index of an outer tile loop, which
 * the nest only reads in its bounds and guards.  Called with c0 = 0 it
 * must compute what ref(), the same nest with c0 the constant 0, does.
 * GCC 12.2 at -O2 computes another sum; -O0, -O1, -O3, -O2 with any one
 * of -fwrapv, -fno-tree-vrp, -fno-ivopts, -fno-thread-jumps,
 * -fno-tree-ch or -fno-tree-loop-vectorize, gcc 11.3 and clang 14 do
 * not.  The program has no undefined behaviour (clean under
 * -fsanitize=address,undefined,bounds-strict).  In autotile's output the
 * outer loop index is such an unknown inside the function GCC outlines
 * for `#pragma omp parallel for`, which is why that tiling went wrong
 * only with -fopenmp; here a parameter of an external noinline function,
 * called with a volatile 0, does the same.  The hoisted bounds c4_max
 * and c7_max are ints narrowed from the helpers' long, as autotile
 * printed them until session 53: declared long, or with helpers over
 * int, the sum is right.  Since then the helpers have the iterators'
 * type (src/codegen.c, at_cg_helpers) and the tiling passes at -O2.
 * Exit status 1 when the two differ.
 */
#include <stdio.h>

#define NJ 27
#define NK 15

static double ex, ey[NJ][NK], hz[NK];

static long lmin(long a, long b) { return a < b ? a : b; }
static long lmax(long a, long b) { return a > b ? a : b; }

/* The nest, as isl printed it but for the statements: it reads the tile
 * index c0 of its scope and adds to ex what the loop over c6 reads. */
#define NEST \
	for (int c3 = 0; c3 <= 13; c3 += 1) { \
		int c4_max = lmin(NJ + 3, 4 * c3); \
		for (int c4 = lmax(512 * c0 + 1, c3); c4 <= c4_max; c4 += 1) { \
			if (c4 >= 512 * c0 && c4 >= NJ) { \
				if (c0 == 0) \
					ey[NJ - 1][0] = hz[0]; \
				int c7_max = lmin(NK - 2, 512 * c0 + 15); \
				for (int c7 = lmax(512 * c0, -NJ + c4 + 1); c7 <= c7_max; c7 += 1) { \
					ey[0][1] = ey[NJ - 1][NJ - c4 + c7]; \
					hz[c7 - 1] = hz[0] + ey[NJ - 1][NJ - c4 + c7 - 1]; \
				} \
			} \
			for (int c6 = -NJ + (NJ + c4) / 2 + 1; c6 <= 0; c6 += 1) \
				ex += ey[c4 - 2 * c6][0]; \
		} \
	}

/* The nest with the tile index c0 unknown to the compiler. */
__attribute__((noinline)) void k(int c0)
{
	NEST
}

/* The same nest with c0 = 0 known. */
__attribute__((noinline)) static void ref(void)
{
	const int c0 = 0;

	NEST
}

/* Fills hz with 2 and ey and ex with 0. */
static void init(void)
{
	ex = 0;
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NK; i++)
			ey[j][i] = 0;
	for (int i = 0; i < NK; i++)
		hz[i] = 2;
}

int main(void)
{
	volatile int zero = 0;	/* an index the compiler cannot know */
	double a, b;

	init();
	ref();
	a = ex;
	init();
	k(zero);
	b = ex;
	printf("ref %g, k %g: %s\n", a, b, a == b ? "same" : "DIFFERENT");
	return a != b;
}
