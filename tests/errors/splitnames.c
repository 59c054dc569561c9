// splitnames.c — text that renaming or hoisting would break.  An
// iterator name split by a backslash-newline (`i\<newline>i`) was
// replaced over its spelling's length only, and a nest-local declared
// `double (t) = ...` or `double t __attribute__((unused)) = ...` was
// hoisted as `t) = ...`: neither output compiled.  Found by a helper's
// probe programs (session 59); each nest is now left as written.
// expect-exit: 0
// expect-diag: 28:[0-9]+: warning: autotile: `ii` is split by a backslash and newline
// expect-diag: 33:[0-9]+: warning: autotile: declaration of `t` inside the loop nest: its name is followed by something else
// expect-diag: 39:[0-9]+: warning: autotile: declaration of `u` inside the loop nest: its name is followed by something else
// expect-identical: yes
#include <stdio.h>

#define N 40

double A[N][N], B[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j * 3) % 11 * 0.37;
#pragma autotile
	for (int ii = 0; ii < N; ii++)
		for (int jj = 0; jj < N; jj++)
			B[ii][jj] = A[jj][i\
i] * 2 + jj;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double (t) = A[j][i] * 2;
			B[i][j] += t + 1;
		}
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double u __attribute__((unused)) = A[i][j] * 3;
			B[i][j] += u;
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += B[i][j] * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
