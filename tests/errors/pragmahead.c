// pragmahead.c — `_Pragma("omp declare simd uniform(m)")` before the
// first transformed nest's function, on the same line: as with
// `#pragma omp declare simd` (declsimd.c), the helper block went between
// the operator and the function (session 64's probe), so the output did
// not compile with -fopenmp.  The block now goes before the operator.
// expect-exit: 0
// expect-gone: B[i][j] = B[i][j - 1] + B[i - 1][j] * 0.25f;
// expect-kept: _Pragma("omp declare simd uniform(m)") float sweep(int m)
#include <stdio.h>

static float B[33][57];

_Pragma("omp declare simd uniform(m)") float sweep(int m)
{
#pragma autotile
	for (int i = 1; i < 33; i++)
		for (int j = 1; j < m; j++)
			B[i][j] = B[i][j - 1] + B[i - 1][j] * 0.25f;
	return B[32][m - 1];
}

int main(void)
{
	for (int j = 0; j < 57; j++)
		B[0][j] = (float)(j % 5);
	for (int i = 0; i < 33; i++)
		B[i][0] = 1.0f;
	printf("%a\n", (double)sweep(57));
	return 0;
}
