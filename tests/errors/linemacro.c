// linemacro.c — `#line` directives whose line number (and file name) are
// macros, as C allows (`#define L 700`, `#line L`).  Until session 63 the
// `#line` autotile writes after an inserted block gave the file's
// physical line (the directive was read only with a literal number), so
// `__LINE__` after the nest printed 25 where the original prints 706.
// The line is now the one clang presumes after the directive.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + 1;
// expect-gone: B[i][j] = B[i][j - 1] + B[i - 1][j] * 0.5;
#include <stdio.h>

#define L 700
#define M 900
#define F "kernel.src"
static double A[64][64], B[64][64];

#line L
static int smooth(void)
{
#pragma autotile
	for (int i = 1; i < 64; i++)
		for (int j = 1; j < 64; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + 1;
	return __LINE__;
}

#line M F
static int sweep(void)
{
#pragma autotile
	for (int i = 1; i < 64; i++)
		for (int j = 1; j < 64; j++)
			B[i][j] = B[i][j - 1] + B[i - 1][j] * 0.5;
	return __LINE__;
}

int main(void)
{
	double s = 0;
	int l1 = smooth(), l2 = sweep();

	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++)
			s += (A[i][j] + B[i][j]) * (i + j + 1);
	printf("%a %d %d %s %d\n", s, l1, l2, __FILE__, __LINE__);
	return 0;
}
