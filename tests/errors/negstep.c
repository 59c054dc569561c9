// negstep.c — a step written as a negative constant added (`i += -1`,
// `j = j + -2`) or subtracted (`i -= -1`): C steps the loop down (up)
// by its magnitude, as `i--` does; before session 65 such a nest was
// left unchanged as "not a positive integer constant".  A zero step
// still leaves its nest as written, with the reason.
// expect-exit: 0
// expect-diag: 33:25: warning: autotile: step of loop `i` is not a nonzero integer constant; loop nest left unchanged
// expect-gone: for (int i = N - 1; i >= 0; i += -1)
// expect-gone: for (int j = N - 1; j >= 1; j = j + -2)
// expect-gone: for (int i = 0; i < N; i -= -1)
// expect-kept: for (int i = 0; i < 0; i += 0)
#include <stdio.h>

#define N 61
static double A[N][N], B[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11);
#pragma autotile
	for (int i = N - 1; i >= 0; i += -1)
		for (int j = N - 1; j >= 1; j = j + -2)
			B[i][j] = A[i][j] + B[i][j - 1];
#pragma autotile
	for (int i = 0; i < N; i -= -1)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i][j - 1] * 0.5 + B[i][j];
#pragma autotile
	for (int i = 0; i < 0; i += 0)
		for (int j = 0; j < N; j++)
			A[i][j] = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (A[i][j] + 2 * B[i][j]) * (i + 1) * (j + 3);
	printf("%.6f\n", s);
	return 0;
}
