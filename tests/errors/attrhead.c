// attrhead.c — a C2x attribute before the first transformed nest's
// function (`[[gnu::constructor]] static void init(void)`): the helper
// block went between the attribute and the function (session 64's probe),
// so the attribute applied to at_floord and init never ran (the program
// printed 0x0p+0).  The block now goes before the attribute.  Without
// -std=c2x clang did not read `[[...]]` at all (exit 1, "expected
// expression"), which gcc reads in every C mode; now it does.
// expect-exit: 0
// expect-gone: A[i][j] += A[i - 1][j];
// expect-kept: [[gnu::constructor]] static void init(void)
#include <stdio.h>

static double A[40][40];

[[gnu::constructor]] static void init(void)
{
	A[0][1] = 1;
#pragma autotile
	for (int i = 1; i < 40; i++)
		for (int j = 0; j < 40; j++)
			A[i][j] += A[i - 1][j];
}

int main(void)
{
	printf("%a\n", A[39][1]);
	return 0;
}
