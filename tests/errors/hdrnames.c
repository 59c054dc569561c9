// hdrnames.c — generated names that an included file declares.  The
// clash checks read the file's own text only: a generated iterator
// named like the header's global hid it (`SCALE` then read the loop
// counter: another sum), one named like its object-like macro became
// `for (int 0 = ...`, and a nest-local renamed like its other macro
// became `double 1.0;`.  This file must not spell those names itself.
// Found by a helper's probe programs (session 59); the names included
// files declare at file scope or define as macros now count as taken
// (at_source.hdr_names).
// expect-exit: 0
// expect-kept: for (int at_c0 =
// expect-kept: double t_2
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + SCALE;
#include <stdio.h>
#include "hdrnames.h"

#define N 40

double A[N][N], B[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j * 3) % 11 * 0.37;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + SCALE;
#pragma autotile
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < N; j++) {
			double t = A[j][i] * 0.5;
			B[i][j] = t + 1;
		}
		for (int j = 0; j < N; j++) {
			double t = B[i][j] * 2 + 0.5;
			A[j][i] = t;
		}
	}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + B[i][j] * j;
	printf("%.17g\n", s);
	return 0;
}
