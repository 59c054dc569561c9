// divbound.c — C's division in bounds and conditions rounds toward zero;
// the scop's rows round down.  The two differ where the dividend is
// negative and no multiple of the divisor.  Until session 56 autotile
// read every `e / d` as floor(e / d), so these nests were transformed
// into loops that ran other iterations: the start of k (i - 5) / 2 at
// i = 0 is -2 in C and was -3; `i >= n / 2` at n = -3 stopped at i = -1
// in C and at -2 after; `(i - j) / 3 == 0` holds for -2 <= i - j <= 2
// and was read as 0 <= i - j <= 2.  Now isl finds where the rounding
// changes which iterations run: a nest where it never does is tiled as
// before, one where it does only at some parameter values runs
// transformed under a check of those values (the nest as written
// otherwise), and one where it does whatever the parameters are is left
// unchanged with a warning.  The check is computed in long, so that
// it does not wrap where the nest as written does not.  main runs the
// nests at several values, some negative, and the output must print what
// the input prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 51:16: warning: autotile: `i - 5` divided by 2: C rounds the quotient toward zero
// expect-diag: 57:8: warning: autotile: `i - j` divided by 3: C rounds
// expect-kept: for (int k = (i - 5) / 2; k < N; k++)
// expect-kept: if ((i - j) / 3 == 0)
// expect-kept: the transformed nest when the divisions in the bounds round as C does
// expect-kept: 5L * (long)m
// expect-gone: A[i][j] += 0.5 * B[j][i] + 1;
#include <stdio.h>
#include <stdlib.h>

#define N 24

static double A[N + 8][N + 8], B[N + 8][N + 8];
static int C[N][N];

static void nests(int n)
{
	/* never negative where it runs (i >= 0): tiled without a check */
#pragma autotile
	for (int i = 0; i < n / 2; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += 0.5 * B[j][i] + 1;

	/* negative at some n: a check of n, the nest as written otherwise */
#pragma autotile
	for (int i = 3; i >= n / 2; i--)
		for (int j = 0; j < N; j++)
			B[i + 8][j] = B[i + 8][j] * 0.5 + A[j][i + 8];

	/* negative at i < 5, whatever n is: left unchanged */
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int k = (i - 5) / 2; k < N; k++)
			A[i][k + 3] = A[i][k + 3] * 0.25 + B[k + 3][i];

#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			if ((i - j) / 3 == 0)
				C[i][j] += i + 2 * j;
}

/* the check of n and m multiplies m by 5: computed in long, it does not
 * wrap at m = -858993459 (in int it did, and ran the transformed nest
 * where it must not) */
static void wide(int n, int m)
{
#pragma autotile
	for (int i = 20; i >= n / 5 && i >= m; i--)
		for (int j = 0; j < N; j++)
			A[i + 1][j] += B[j][i + 1] * 0.5 + i;
}

int main(int argc, char **argv)
{
	static const int ns[] = { 17, -3, -1, -5, -7, 0, 2, 5 };
	double s = 0;
	long c = 0;

	(void)argc;
	(void)argv;
	for (int i = 0; i < N + 8; i++)
		for (int j = 0; j < N + 8; j++) {
			A[i][j] = (i * 7 + j * 3) % 11;
			B[i][j] = (i * 5 + j * 13) % 17;
		}
	for (unsigned v = 0; v < sizeof ns / sizeof ns[0]; v++)
		nests(ns[v]);
	wide(-3, -858993459);
	wide(-3, 4);
	wide(10, -5);
	for (int i = 0; i < N + 8; i++)
		for (int j = 0; j < N + 8; j++)
			s += A[i][j] * (i + 1) + B[i][j] * (j + 2);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			c += C[i][j] * (long)(i + j + 1);
	printf("%.17g %ld\n", s, c);
	return 0;
}
