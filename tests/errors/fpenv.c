// fpenv.c — the floating-point environment is per thread.  1.0 / 0.0 in
// a worker thread of the parallelized nest left main's FE_DIVBYZERO
// clear, and a rounding mode main sets (fesetround) does not reach the
// worker threads.  Found by a helper's probe programs (session 58);
// since session 59 no nest of a file that uses <fenv.h> gets `omp
// parallel for` (a warning says so); the nests are still tiled.
// expect-exit: 0
// expect-diag: 32:[0-9]+: warning: autotile: no loop of this nest runs in threads: the file uses `feclearexcept` \(line 31\)
// expect-diag: 38:[0-9]+: warning: autotile: no loop of this nest runs in threads
// expect-gone: A[i][j] = 1.0 / B[i][j];
// expect-gone: C[i][j] = B[i][j] / 3.0 + C[i - 1][j];
// expect-gone: omp parallel for
#include <stdio.h>
#include <fenv.h>

#define N 64

double A[N][N], B[N][N], C[N][N];

int main(void)
{
	double s = 0;
	int dz;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			C[i][j] = A[i][j] = 0;
			B[i][j] = (i * 5 + j * 3) % 17 + 1;
		}
	B[N - 1][N - 1] = 0.0;
	feclearexcept(FE_ALL_EXCEPT);
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = 1.0 / B[i][j];
	dz = fetestexcept(FE_DIVBYZERO) != 0;
	fesetround(FE_UPWARD);
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N; j++)
			C[i][j] = B[i][j] / 3.0 + C[i - 1][j];
	fesetround(FE_TONEAREST);
	for (int i = 0; i < N - 1; i++)
		for (int j = 0; j < N; j++)
			s += (A[i][j] + C[i][j]) * (i + 1) + j;
	printf("%.17g divbyzero=%d\n", s, dz);
	return 0;
}
