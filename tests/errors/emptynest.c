// emptynest.c — nests that run no iteration for any parameter value.
// Until session 63 autotile failed on them: "internal: could not build
// the transformation space of this nest" and exit status 1 for valid C
// (a 1-D one exited 0 with "could not transform this nest" and no
// reason).  Each is now left as written with a warning that says why,
// and the nest after them is still transformed.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 22:1: warning: autotile: no statement of this nest runs for any value of its parameters
// expect-diag: 27:1: warning: autotile: no statement of this nest runs
// expect-diag: 32:1: warning: autotile: no statement of this nest runs
// expect-kept: for (int i = 1; i < 1; i++)
// expect-kept: for (int j = i + 1; j < i; j++)
// expect-kept: for (int i = 0; i < 0; i++)
// expect-gone: C[i][j] = C[i - 1][j] * 0.5 + C[i][j - 1] + 1;
#include <stdio.h>

static double A[40][40], B[40][40], C[40][40];

static void kernels(int n)
{
#pragma autotile
	for (int i = 1; i < 1; i++)
		for (int j = 1; j < 1; j++)
			B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1]);

#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < i; j++)
			A[i][j] += B[j][i];

#pragma autotile
	for (int i = 0; i < 0; i++)
		A[i][0] = 1;

#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			C[i][j] = C[i - 1][j] * 0.5 + C[i][j - 1] + 1;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40; j++)
			A[i][j] = (i * 3 + j) % 7;
	kernels(40);
	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40; j++)
			s += (A[i][j] + B[i][j] + C[i][j]) * (i + 1) + j;
	printf("%a\n", s);
	return 0;
}
