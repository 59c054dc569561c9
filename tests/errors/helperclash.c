// helperclash.c — a program with its own function named like one of the
// helpers autotile's generated code defines (`at_min`).  The helpers are
// guarded by their own macros (`AT_HELPER_at_min`) only, so the output
// defined `at_min` twice and did not compile.  Now such a file is left
// as written, every nest of it, with a warning naming the function.
// Found by a helper's probe programs (session 58).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 17:[0-9]+: warning: autotile: `at_min` is also the name of a helper function
// expect-identical: yes
#include <stdio.h>

#define N 40

static double A[N][N];

static int at_min(int a, int b)
{
	return a + b;	/* not a minimum: the program's own */
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j * 3) % 11;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + j;
	printf("%.17g %d\n", s, at_min(2, 3));
	return 0;
}
