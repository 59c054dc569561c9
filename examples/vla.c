/*
 * vla.c — C += A * B^T with sizes known only at run time.
 *
 * The arrays are heap-allocated and passed to the kernel as variable-length
 * array parameters (double C[ni][nj], ...), so the loop bounds and the
 * array strides are function parameters, not constants.  The k loop
 * carries the accumulation into C[i][j]; i and j are parallel.
 *
 * Usage: vla [ni nj nk]; defaults NI, NJ, NK (override with -D).
 * Sizes for tests/run.sh (read by tests/difftest.sh):
 * test-defines: -DNI=97 -DNJ=83 -DNK=71
 * test-defines-edge: -DNI=1 -DNJ=5 -DNK=3
 */
#include <stdio.h>
#include <stdlib.h>

#include "at_bench.h"

#ifndef NI
#define NI 700
#endif
#ifndef NJ
#define NJ 800
#endif
#ifndef NK
#define NK 600
#endif

/* Fills A, B and C with values that are not linear in the indices. */
static void init(int ni, int nj, int nk, double C[ni][nj], double A[ni][nk],
		 double B[nj][nk])
{
	for (int i = 0; i < ni; i++)
		for (int k = 0; k < nk; k++)
			A[i][k] = (double)((i * k + 7 * i + 3) % 29) / 13.0 - 1.0;
	for (int j = 0; j < nj; j++)
		for (int k = 0; k < nk; k++)
			B[j][k] = (double)((j * j + 5 * k + 1) % 17) / 9.0;
	for (int i = 0; i < ni; i++)
		for (int j = 0; j < nj; j++)
			C[i][j] = (double)((i + 2 * j * j) % 11) / 4.0;
}

/* The kernel: C += A * B^T on runtime-sized arrays. */
void kernel_vla(int ni, int nj, int nk, double C[ni][nj], double A[ni][nk],
		double B[nj][nk])
{
#pragma autotile
	for (int i = 0; i < ni; i++)
		for (int j = 0; j < nj; j++)
			for (int k = 0; k < nk; k++)
				C[i][j] += A[i][k] * B[j][k];
}

int main(int argc, char **argv)
{
	int ni = at_bench_size_arg(argc, argv, 1, NI, "vla");
	int nj = at_bench_size_arg(argc, argv, 2, NJ, "vla");
	int nk = at_bench_size_arg(argc, argv, 3, NK, "vla");
	double (*A)[nk] = malloc(sizeof(double[ni][nk]));
	double (*B)[nk] = malloc(sizeof(double[nj][nk]));
	double (*C)[nj] = malloc(sizeof(double[ni][nj]));
	if (!A || !B || !C) {
		fprintf(stderr, "vla: out of memory\n");
		return 1;
	}
	init(ni, nj, nk, C, A, B);
	double t0 = at_bench_now();
	kernel_vla(ni, nj, nk, C, A, B);
	double t1 = at_bench_now();
	at_bench_report(t1 - t0, at_bench_hash(at_bench_hash_init(), C,
					       sizeof(double[ni][nj])));
	free(A);
	free(B);
	free(C);
	return 0;
}
