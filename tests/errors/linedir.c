// linedir.c — a file with its own line directives, as bison, re2c or m4
// write them.  autotile follows each inserted block with a `#line`
// directive so that `__LINE__` after it keeps its value; until session
// 56 that directive gave the file's physical line and no name, so after
// `#line 500 "kernel.src"` the `__LINE__` after the nest printed 37
// instead of 511 (and `__FILE__` was right only by chance).  Now it
// follows the input's `#line` directives and `# N "file"` line markers
// (not those in skipped code).  All must print what the original prints.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + 1;
// expect-gone: A[i][j] += A[j][i] * 0.125;
// expect-kept: #line 500 "kernel.src"
#include <stdio.h>

#define N 33

static double A[N][N];

#if 0
#line 9000 "skipped.c"
#endif
#line 500 "kernel.src"
static void first(void)
{
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + 1;
	printf("%d %s\n", __LINE__, __FILE__);
}
# 700 "other.c"
static void second(void)
{
#line 800
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += A[j][i] * 0.125;
	printf("%d %s\n", __LINE__, __FILE__);
}

int main(void)
{
	double q = 0;

	first();
	second();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			q += A[i][j] * (i + 1);
	printf("%.17g %d %s\n", q, __LINE__, __FILE__);
	return 0;
}
