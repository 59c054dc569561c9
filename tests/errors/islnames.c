// islnames.c — arrays and parameters named like a keyword of isl's text
// syntax (`mod`, `exists`, `infty`, `NaN`).  Each was refused, but only
// once isl's parser failed on the dependence analysis: the warning came
// six times and autotile exited 1 with "internal: dependence analysis
// failed", with the rest of the file still written.  Found by a helper's
// probe programs (session 59); the frontend now refuses the nest once,
// with the name, and the next nest is still transformed.
// expect-exit: 0
// expect-diag: 29:[0-9]+: warning: autotile: `infty`: a name that isl's text syntax reserves
// expect-diag: 33:[0-9]+: warning: autotile: `exists`: a name that isl's text syntax reserves
// expect-gone: B[i][j] = B[i - 1][j] * 0.5 + A[i][j - 1];
#include <stdio.h>

#define N 40

double mod[N][N], infty[N][N], A[N][N], B[N][N];

int main(void)
{
	int exists = N;
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			mod[i][j] = (i * 7 + j * 3) % 11 * 0.37;
			A[i][j] = B[i][j] = i - j;
			infty[i][j] = 0;
		}
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			infty[i][j] = mod[i - 1][j] * 0.5 + infty[i][j - 1];
#pragma autotile
	for (int i = 1; i < exists; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] * 0.5 + mod[i][j];
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			B[i][j] = B[i - 1][j] * 0.5 + A[i][j - 1];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (infty[i][j] + A[i][j] + B[i][j]) * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
