/*
 * lda.c — C = alpha * A * B + beta * C on blocks of larger row-major
 * matrices, as BLAS's dgemm takes them: each block is a pointer into its
 * matrix and a leading dimension, the length of the matrix's rows
 * (c[i * ldc + j], j < n <= ldc).
 *
 * autotile reads c[i * ldc + j] as c[i][j] with rows of ldc elements only
 * where 0 <= j < ldc at every instance, which here needs n <= ldc, k <=
 * lda and n <= ldb: nothing in the loop bounds says so.  isl computes that
 * condition, and the transformed nest runs under it, the nest as written
 * otherwise (README, "Supported input").  The j loops are parallel; p
 * carries the sum into c[i][j].
 *
 * Usage: lda [m n k ld]; defaults M, N, K, LD (override with -D); every
 * matrix is stored with rows of ld elements, the blocks start at row 3,
 * column 5.  Sizes for tests/run.sh (read by tests/difftest.sh; the edge
 * sizes give rows shorter than the block, which run the nest as written):
 * test-defines: -DM=37 -DN=29 -DK=23 -DLD=41
 * test-defines-edge: -DM=3 -DN=5 -DK=2 -DLD=4
 */
#include <stdio.h>
#include <stdlib.h>

#include "at_bench.h"

#ifndef M
#define M 700
#endif
#ifndef N
#define N 800
#endif
#ifndef K
#define K 600
#endif
#ifndef LD
#define LD 1000
#endif

/* Fills a matrix of `rows` rows of ld elements (and the block's overhang
 * past its last row) with values that are not linear in the index. */
static void fill(double *x, long len, int seed)
{
	for (long q = 0; q < len; q++)
		x[q] = (double)((q * q + seed * q + 3) % (23 + seed)) / 9.0 - 1.0;
}

/* C = alpha * A * B + beta * C for an m x k block A, k x n B, m x n C. */
void kernel_dgemm(int m, int n, int k, double alpha, const double *restrict a,
		  int lda, const double *restrict b, int ldb, double beta,
		  double *restrict c, int ldc)
{
#pragma autotile
	for (int i = 0; i < m; i++) {
		for (int j = 0; j < n; j++)
			c[i * ldc + j] *= beta;
		for (int p = 0; p < k; p++)
			for (int j = 0; j < n; j++)
				c[i * ldc + j] += alpha * a[i * lda + p] *
						  b[p * ldb + j];
	}
}

int main(int argc, char **argv)
{
	int m = at_bench_size_arg(argc, argv, 1, M, "lda");
	int n = at_bench_size_arg(argc, argv, 2, N, "lda");
	int k = at_bench_size_arg(argc, argv, 3, K, "lda");
	int ld = at_bench_size_arg(argc, argv, 4, LD, "lda");
	/* rows + 3 rows of ld, and the block's columns past the last */
	long la = (long)(m + 3) * ld + k + 5, lb = (long)(k + 3) * ld + n + 5;
	long lc = (long)(m + 3) * ld + n + 5;
	double *a = malloc(sizeof(double) * (size_t)la);
	double *b = malloc(sizeof(double) * (size_t)lb);
	double *c = malloc(sizeof(double) * (size_t)lc);

	if (!a || !b || !c) {
		fprintf(stderr, "lda: out of memory\n");
		return 1;
	}
	fill(a, la, 1);
	fill(b, lb, 5);
	fill(c, lc, 2);
	double t0 = at_bench_now();
	kernel_dgemm(m, n, k, 1.5, a + 3L * ld + 5, ld, b + 3L * ld + 5, ld,
		     0.75, c + 3L * ld + 5, ld);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), c,
					       sizeof(double) * (size_t)lc));
	free(a);
	free(b);
	free(c);
	return 0;
}
