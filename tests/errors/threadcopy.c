// threadcopy.c — objects each thread has a copy of, and a `_Pragma`
// operator inside a nest.  A `_Thread_local` array, or one named by `omp
// threadprivate`, was tiled and parallelized like a shared one: each
// OpenMP thread wrote its own copy, so the main thread read a partly
// written array after the nest.  `_Pragma("omp atomic")` on a statement
// of the nest was dropped from the output, where a `#pragma` line there
// is refused.  Found by a helper's probe programs (session 58); each nest
// is now left as written with a warning.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 34:[0-9]+: warning: autotile: `T` has a copy per thread
// expect-diag: 38:[0-9]+: warning: autotile: `P` has a copy per thread
// expect-diag: 42:[0-9]+: warning: autotile: `_Pragma` operator inside the loop nest
// expect-identical: yes
#include <stdio.h>

#define N 64

static _Thread_local double T[N][N];
static double P[N][N];
#pragma omp threadprivate(P)
static double B[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = (i * 5 + j * 3) % 17;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			T[i][j] = B[j][i] * 2 + 1;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			P[i][j] = B[j][i] * 3 + 1;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N; j++) {
			_Pragma("omp atomic")
			B[i][j] += B[i - 1][j];
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (T[i][j] + P[i][j] + B[i][j]) * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
