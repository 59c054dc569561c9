// declsimd.c — `#pragma omp declare simd uniform(n)` above the first
// transformed nest's function: the helper block went between the pragma
// and the function (session 64's probe), so the pragma applied to
// at_floord and the output did not compile with -fopenmp ("'n'
// undeclared").  The block now goes before the pragma.
// expect-exit: 0
// expect-gone: A[i][j] += A[i - 1][j] * 0.5;
// expect-kept: #pragma omp declare simd uniform(n)
// expect-kept: int step(int n)
#include <stdio.h>

static double A[41][41];

#pragma omp declare simd uniform(n)
int step(int n)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] += A[i - 1][j] * 0.5;
	return 0;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < 41; i++)
		for (int j = 0; j < 41; j++)
			A[i][j] = (i * 7 + j) % 11;
	step(41);
	for (int i = 0; i < 41; i++)
		for (int j = 0; j < 41; j++)
			s += A[i][j] * (i + 1);
	printf("%a\n", s);
	return 0;
}
