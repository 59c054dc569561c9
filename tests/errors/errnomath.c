// errnomath.c — errno is per thread.  sqrt(-1) sets errno (EDOM) under
// gcc's default -fmath-errno; in the parallelized nest the failing call
// ran on a worker thread and main read errno == 0 after the nest.
// Found by a helper's probe programs (session 58); since session 59 a
// nest calling a math function that may set errno, in a file that reads
// errno, gets no `omp parallel for` (a warning says so); it is still
// tiled.  The second nest calls fabs only, which never sets errno, and
// stays parallel.
// expect-exit: 0
// expect-diag: 37:[0-9]+: warning: autotile: no loop of this nest runs in threads: `sqrt` may set errno, which the file reads \(line 33\)
// expect-gone: B[i][j] = sqrt(A[i][j]);
// expect-gone: C[i][j] = fabs(A[i][j]) + C[i - 1][j];
// expect-kept: #pragma omp parallel for
#include <stdio.h>
#include <math.h>
#include <errno.h>

#define N 64

double A[N][N], B[N][N], C[N][N];

int main(void)
{
	double s = 0;
	int e;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (i * 5 + j * 3) % 17 + 1;
			C[i][j] = B[i][j] = 0;
		}
	A[N - 1][N - 1] = -1.0;
	errno = 0;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = sqrt(A[i][j]);
	e = errno;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N; j++)
			C[i][j] = fabs(A[i][j]) + C[i - 1][j];
	for (int i = 0; i < N - 1; i++)
		for (int j = 0; j < N; j++)
			s += (B[i][j] + C[i][j]) * (i + 1) + j;
	printf("%.17g errno=%d\n", s, e);
	return 0;
}
