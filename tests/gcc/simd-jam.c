/*
 * simd-jam.c — the reproducer of a GCC 12.2 (Debian 12) wrong-code
 * behaviour found by differential tests of autotile's tilings of
 * examples/adi.c (session 29; README, "Known limits").  Not part of the
 * product and not run by `make test`.
 *
 *   gcc -O3 -fopenmp-simd tests/gcc/simd-jam.c -o /tmp/sj && /tmp/sj
 *
 * In k() the loop over j carries a dependence (each j reads the column
 * u[.][N - j + 1] that the previous j wrote) and the loop over i inside
 * it is parallel, so `#pragma omp simd` on it is correct.  With it, GCC
 * 12.2 at -O3 unrolls the j loop and jams the copies into the i loop as
 * if the dependence did not exist; ref() is the same nest without the
 * pragma.  -O2, -O3 -fno-loop-unroll-and-jam and clang -O3 agree with
 * ref(), and so does the same nest with the subscript growing with j
 * (u[i][j] = u[i][j - 1] ...).  isl prints a loop that ran backwards
 * (adi's back substitution, for j from N - 2 down to 1) as such a
 * forward loop with N - j subscripts, so autotile no longer puts `omp
 * simd` on a loop whose enclosing sequential loop makes a subscript
 * decrease (codegen.c, at_cg_simd_safe).
 * Exit status 1 when the two differ.
 */
#include <stdio.h>

#define N 43

static double u[N][N], w[N][N], p[N][N], q[N][N];

/* The nest as autotile printed it, with the pragma. */
__attribute__((noinline)) static void k(void)
{
	for (int j = 2; j <= N - 1; j++) {
#pragma omp simd
		for (int i = 1; i <= N - 2; i++)
			u[i][N - j] = p[i][N - j] * u[i][N - j + 1] + q[i][N - j];
	}
}

/* The same nest without it, on w. */
__attribute__((noinline)) static void ref(void)
{
	for (int j = 2; j <= N - 1; j++)
		for (int i = 1; i <= N - 2; i++)
			w[i][N - j] = p[i][N - j] * w[i][N - j + 1] + q[i][N - j];
}

int main(void)
{
	int diff = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			u[i][j] = w[i][j] = (i + 2 * j) % 7 * 0.25;
			p[i][j] = (3 * i + j) % 5 * 0.5;
			q[i][j] = (i * j) % 3 * 0.125;
		}
	k();
	ref();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			diff += u[i][j] != w[i][j];
	printf("%d of %d elements differ\n", diff, N * N);
	return diff != 0;
}
