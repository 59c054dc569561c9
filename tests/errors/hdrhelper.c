// hdrhelper.c — an included file defines a helper's name: the generated
// helper `at_min` was expanded by the header's macro and did not
// compile.  Found by a helper's probe programs (session 59); as when the
// file itself defines one (tests/errors/helperclash.c), the file is now
// left as written with a warning.
// expect-exit: 0
// expect-diag: 1:1: warning: autotile: `at_min`, which an included file declares or defines, is also a helper
// expect-identical: yes
#include <stdio.h>
#include "hdrhelper.h"

#define N 40

double A[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j * 3) % 11 * 0.37;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N - 3; j++)
			A[i][j] = A[i - 1][j + 1] * 0.5 + A[i][j - 1] * 0.25;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
