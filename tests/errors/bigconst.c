// bigconst.c — a loop bound of int's largest value, and a nest with no
// band to tile.  The first nest (jacobi-2d with its second sweep's j loop
// starting at 2147483647, so it never runs) tiles with skews: isl then
// writes a tile loop starting at `2 * c3 + 2147483648`, which wrapped to a
// negative start in an int iterator and ran the statement out of bounds
// (found by mutating examples/jacobi2d.c); a big constant in a bound now
// makes the generated iterators long.  The second counts down from
// `N - -2147483648`, a long that C converts to a negative int, so it never
// runs; autotile read it as N + 2^31 (found by mutating
// examples/nussinov.c) and now leaves it with a warning.  The third
// carries its dependence on the time loop only through P[t], so it has no
// permutable band: `--strategy fixed:32` leaves it in its own order and
// says why.
// expect-exit: 0
// expect-args: --strategy fixed:32
// expect-diag: 57:1: note: autotile: the nest is not tiled: no permutable band
// expect-diag: 50:11: warning: autotile: a constant in the bounds of loop `i` is outside the range of its type `int`
// expect-kept: for (i = N - -2147483648; i >= 0; i--)
// expect-kept: const long 
// expect-gone: for (int j = 2147483647; j < N - 1; j++)
#include <stdio.h>

#define N 67
#define T 20

static double A[N][N], B[N][N], P[T + N], Q[N];

static void sweeps(void)
{
#pragma autotile
	for (int t = 0; t < T; t++) {
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
						 + A[i + 1][j] + A[i - 1][j]);
		for (int i = 1; i < N - 1; i++)
			for (int j = 2147483647; j < N - 1; j++)
				A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1]
						 + B[i + 1][j] + B[i - 1][j]);
	}
}

/* Counts down from N + 2^31, which C converts to int (a negative start:
 * the loop never runs). */
static void wrapped(void)
{
	int i, j;

#pragma autotile
	for (i = N - -2147483648; i >= 0; i--)
		for (j = 0; j < N; j++)
			Q[j] = Q[j] + P[i];
}

static void last(void)
{
#pragma autotile
	for (int t = 0; t < T; t++) {
		for (int i = 1; i < N - 1; i++)
			Q[i] = 0.5 * (P[i - 1] + P[i + 1]);
		for (int i = 1; i < N - 1; i++)
			P[t] = 0.25 * (Q[i - 1] + Q[i] + Q[i + 1]);
	}
}

int main(void)
{
	double s = 0.0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3 + 1) % 19) / 9.0;
	for (int i = 0; i < T + N; i++)
		P[i] = (double)((i * 5 + 2) % 11) / 4.0;
	sweeps();
	wrapped();
	last();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (A[i][j] + 2.0 * B[i][j]) * (i + 3 * j + 1);
	for (int i = 0; i < T + N; i++)
		s += P[i] * (i + 1);
	printf("%.17g\n", s);
	return 0;
}
