// divconst.c — a bound divided by a named constant (`n / D`, D a macro;
// an enum constant; a const variable) was refused as "not an affine
// bound" before session 65.  Now the nest is analysed with the value
// clang gives and runs transformed under `D == 4` (a macro can be
// defined otherwise where the output is compiled: tests/run.sh builds
// this file with -DD=5 too), the nest as written otherwise.  A divisor
// of an unsigned type makes C's division unsigned and is still refused.
// expect-exit: 0
// expect-diag: 45:17: warning: autotile: condition `j < n / U` of loop `j` is not an affine bound; loop nest left unchanged
// expect-kept: if (D == 4 && BS == 8) {
// expect-kept: if (K == 3 && D == 4) {
// expect-kept: for (int j = 0; j < n / U; j++)
#include <stdio.h>

#ifndef D
#define D 4
#endif
#define U 2u
enum { BS = 8 };
static double A[90][90], B[90][90];

int main(void)
{
	int n = 90;
	const int K = 3;
	double s = 0;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11);
#pragma autotile
	for (int i = 0; i < n / D; i++)
		for (int j = 0; j < (n + BS - 1) / BS; j++)
			B[i][j] = A[i][j] + A[j][i];
#pragma autotile
	for (int i = 1; i < n / K; i++)
		for (int j = 0; j < n / D; j++)
			B[i][j] += B[i - 1][j] * 0.5;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			s += B[i][j] * (i + 1) * (j + 2);
	printf("%.6f\n", s);
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n / U; j++)
			B[i][j] = 0;
	return 0;
}
