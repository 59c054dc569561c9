/*
 * nussinov.c — PolyBench/C 4.2.1's nussinov: Nussinov's RNA folding, the
 * largest number of non-crossing base pairs in each sub-sequence i..j of
 * a sequence of N bases, by dynamic programming from the last row of the
 * table up.
 *
 * The kernel keeps PolyBench's loop structure (loop and statement order,
 * bounds as the function's size parameters, iterators declared at the top,
 * one `#pragma scop` region) so that it is the program other tools are
 * measured on; initialisation, timing and the hash of the outputs are
 * autotile's own (runtime/at_bench.h).  The scores are int and the bases
 * char, as in PolyBench.
 *
 * Sizes: PolyBench's LARGE_DATASET (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DN=83
 * test-defines-edge: -DN=3
 */
#include <stdio.h>

#include "at_bench.h"

#ifndef N
#define N 2500
#endif

/* The larger of two scores, and whether bases b1 and b2 pair (bases coded
 * 0-3; the pairs are 0-3 and 1-2). */
#define max_score(s1, s2) ((s1) >= (s2) ? (s1) : (s2))
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)

static char seq[N];
static int table[N][N];

/* Fills seq with bases 0-3 that follow no short period; table starts at
 * zero (static storage). */
static void init(void)
{
	for (int i = 0; i < N; i++)
		seq[i] = (char)((i * i * 5 + i / 3 + 2) % 4);
}

/* The kernel: table[i][j] = the best score of bases i..j. */
static void kernel_nussinov(int n, char seq[N], int table[N][N])
{
	int i, j, k;

#pragma scop
	for (i = n - 1; i >= 0; i--) {
		for (j = i + 1; j < n; j++) {
			if (j - 1 >= 0)
				table[i][j] = max_score(table[i][j], table[i][j - 1]);
			if (i + 1 < n)
				table[i][j] = max_score(table[i][j], table[i + 1][j]);

			if (j - 1 >= 0 && i + 1 < n) {
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
	kernel_nussinov(N, seq, table);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), table,
		sizeof table));
	return 0;
}
