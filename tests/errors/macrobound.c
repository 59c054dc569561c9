// macrobound.c — macros the rewritten nest must not change the meaning
// of.  A bound `#define NB 100 + 100` that the nest reads only as `NB - 1`
// (one value there): the generated bounds paste NB into `-NB`, `NB / 32`,
// so until session 61 the tiled stencil ran other iterations and
// printed another sum; it is now refused as no one operand.  A macro
// that expands to `__LINE__` (HERE) changed value when the statement
// moved to another line; it is refused as `__LINE__` itself is.  Size
// macros named `n` and `d`, as benchmarks write them, expanded inside
// the generated helpers' parameters (`int at_floord(int n, int d)`) and
// the output did not compile; the helpers' parameters are now named
// `at_n`, `at_d` and that nest is tiled.  A comment between the
// pragma's clauses is ignored as the preprocessor ignores it (it gave
// five "unknown clause" warnings), and a repeated clause or a tile
// clause with more sizes than the nest has loops gets a warning.
// Found by a helper's probe programs (session 61).
// All must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 38:23: warning: autotile: macro `NB` does not expand to one operand here
// expect-diag: 48:30: warning: autotile: macro `HERE` expands to `__LINE__` or `__COUNTER__`
// expect-diag: 53:1: warning: autotile: clause `tile` given more than once
// expect-diag: 53:1: warning: autotile: clause `tile` gives 3 sizes for a nest 2 loops deep; the last 1 ignored
// expect-kept: at_floord(int at_n, int at_d)
// expect-gone: C[i][j] = C[i - 1][j] * 0.5 + C[i][j - 1] * 0.25;
#include <stdio.h>

#define NB 100 + 100
#define n 90
#define d 3
#define HERE ((double)__LINE__)

static double A[210][210], B[n][n], C[n][n];

static void stencil(void)
{
#pragma autotile
	for (int t = 0; t < 4; t++)
		for (int i = 1; i < NB - 1; i++)
			for (int j = 1; j < NB - 1; j++)
				A[i][j] = (A[i - 1][j] + A[i][j] + A[i][j + 1]) / 3;
}

static void lines(void)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			B[i][j] = B[i][j] * 0.5 + HERE;
}

static void sizes(void)
{
#pragma autotile tile(4,4) /* the sizes */ tile(8,8,8)
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n - d; j++)
			C[i][j] = C[i - 1][j] * 0.5 + C[i][j - 1] * 0.25;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < 210; i++)
		for (int j = 0; j < 210; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11) / 5.0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			C[i][j] = (double)((i * 5 + j) % 7) / 3.0;
	stencil();
	lines();
	sizes();
	for (int i = 0; i < 210; i++)
		for (int j = 0; j < 210; j++)
			s += A[i][j] * (i * 7 + j + 1);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			s += (B[i][j] + C[i][j]) * (i * 7 + j + 1);
	printf("%.17g\n", s);
	return 0;
}
