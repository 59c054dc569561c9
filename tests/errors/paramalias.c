// paramalias.c — an array parameter may be a pointer to a global array
// the nest also accesses.  `f(A, n)` made the nest's writes through `a`
// land in the `A` it reads, and autotile tiled it as if `a` and `A` were
// distinct (they are in the call `f(B, n)`): the sum differed.  Found by
// a helper's probe programs (session 58); since session 59 such a pair
// (an array parameter and a global or static array) is versioned on the
// elements the nest accesses of the two not overlapping, as plain
// pointers are (tests/errors/aliascheck.c).  Two array parameters are
// still assumed not to alias each other (README, "Known limits").
// expect-exit: 0
// expect-kept: at_addr(
// expect-kept: } else {
// expect-kept: at_addr(A, n, sizeof(*A)) <= at_addr(a, 1, sizeof(*a))
// expect-kept: #pragma omp parallel for
#include <stdio.h>

#define N 40

double A[N][N], B[N][N];

/* Writes through parameter a, reads the global A and the static S. */
static void f(double a[N][N], int n)
{
	static double S[N];

	for (int j = 0; j < N; j++)
		S[j] = j % 3;
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			a[i][j] = A[i - 1][j + 1] + A[i][j - 1] + S[j];
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j * 3) % 11;
	f(B, N - 1);	/* disjoint: the transformed nest runs */
	f(A, N - 1);	/* a is A: the nest as written runs */
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (A[i][j] + B[i][j]) * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
