// volatile.c — nests that access volatile or _Atomic objects stay as
// written: C orders such accesses as the program does, and tiling or
// threads would reorder them (a volatile array may be a device's
// registers, a volatile flag may change under the loop).  A warning names
// the access; the plain nest beside them is tiled.  Until session 54 the
// volatile ones were tiled and parallelized like any other.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 32:4: warning: autotile: access to a volatile object: its accesses must happen in the order written
// expect-diag: 36:22: warning: autotile: access to a volatile object
// expect-diag: 40:4: warning: autotile: access to an _Atomic object
// expect-kept: R[j][i] = i + j;
// expect-kept: A[j][i] = i + j + flag;
// expect-kept: cnt += A[i][j] > 8;
// expect-gone: B[i][j] = A[j][i] * 0.5;
#include <stdio.h>

#define N 40

static volatile double R[N][N];
static double A[N][N], B[N][N];
static volatile int flag = 1;
static _Atomic long cnt;

int main(void)
{
	double s = 0;

#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			R[j][i] = i + j;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[j][i] = i + j + flag;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			cnt += A[i][j] > 8;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = A[j][i] * 0.5;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (R[i][j] + B[i][j]) * (i + 2 * j + 1);
	printf("%.1f %ld\n", s, (long)cnt);
	return 0;
}
