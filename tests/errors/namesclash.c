// namesclash.c — names a transformed nest must not take or move.  This
// program uses variables `c0` and `at_c0`; autotile named its iterators
// `at_c0`, `at_c1`, ... whenever `c0` was taken, without checking that
// `at_c0` was free, so the statement's `at_c0` read a tile counter (now
// they take the first prefix at<k>_c that no name of the file starts).
// And a nest-local declared with `typeof(i)` was hoisted above the
// loops, where `i` names the outer `short i` (another sum) or nothing (no
// compile); `typeof` inside a nest now leaves it as written with a
// warning.  Found by a helper's probe
// programs (session 58).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 41:[0-9]+: warning: autotile: `typeof` inside the loop nest
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + c0 + at_c0;
#include <stdio.h>

#define N 40

static double A[N][N];

static void sweep(int c0, int at_c0)
{
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + c0 + at_c0;
}

int main(void)
{
	short i = 7;
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 5 + j * 3) % 17;
	sweep(1, 2);
#pragma autotile
	for (long i = 1; i < N; i++)
		for (int j = 1; j < N; j++) {
			typeof(i) q = i * 1000 + j;

			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + q;
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + j;
	printf("%.17g %d\n", s, i);
	return 0;
}
