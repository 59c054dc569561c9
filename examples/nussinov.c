/*
 * nussinov.c — Nussinov's RNA folding: the largest number of base pairs a
 * sequence of N bases can form without crossings, by dynamic programming
 * over the table of sub-sequences [i, j], written as PolyBench writes its
 * kernels: one `#pragma scop` region, iterators declared at the top of the
 * function, max and pairing through macros.
 *
 * Cell (i, j) reads its row to the left and its column below (the table
 * fills from the bottom row up, each row left to right), and every split
 * point k of [i, j]: the dependences are non-uniform, and no loop is
 * parallel as written.  A tiling must skew or wavefront the tiles; the
 * values are integers, so every legal order gives the same table.
 *
 * Size: N bases (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=67
 * test-defines-edge: -DN=2
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 1000
#endif

/* The larger of two scores, and whether bases b1 and b2 pair (A-U, C-G
 * coded 0-3, 1-2). */
#define max_score(s1, s2) ((s1) >= (s2) ? (s1) : (s2))
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)

static char seq[N];
static int table[N][N];

/* Fills the sequence with bases 0-3 that do not repeat with a short
 * period. */
static void init(void)
{
	for (int i = 0; i < N; i++)
		seq[i] = (char)((i * 7 + (i % 13) * (i % 5) + 1) % 4);
}

/* The kernel: table[i][j] = the best score of bases i..j. */
void kernel_nussinov(void)
{
	int i, j, k;

#pragma scop
	for (i = N - 1; i >= 0; i--) {
		for (j = i + 1; j < N; j++) {
			if (j - 1 >= 0)
				table[i][j] = max_score(table[i][j], table[i][j - 1]);
			if (i + 1 < N)
				table[i][j] = max_score(table[i][j], table[i + 1][j]);
			if (j - 1 >= 0 && i + 1 < N) {
				if (i < j - 1)
					table[i][j] = max_score(table[i][j],
						table[i + 1][j - 1] + match(seq[i], seq[j]));
				else
					table[i][j] = max_score(table[i][j],
						table[i + 1][j - 1]);
			}
			for (k = i + 1; k < j; k++)
				table[i][j] = max_score(table[i][j],
					table[i][k] + table[k + 1][j]);
		}
	}
#pragma endscop
}

int main(void)
{
	init();
	double t0 = at_bench_now();
	kernel_nussinov();
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), table,
		sizeof table));
	return 0;
}
