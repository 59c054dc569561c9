// clauseconflict.c — `candidate(ID)` fixes the whole choice, so a tile,
// shape or scan clause beside it restricts nothing; before session 65
// they were ignored without a word (and a tile clause of too many sizes
// was warned about as if it applied).  The candidate is used; parallel
// still applies beside it.
// expect-exit: 0
// expect-diag: 21:1: warning: autotile: clause `candidate` fixes the whole choice; clauses `tile`, `scan` ignored
// expect-diag: 25:1: warning: autotile: clause `candidate` fixes the whole choice; clause `shape` ignored
// expect-kept: autotile: rect.TS.LI.o0.i1.16x16
// expect-kept: autotile: rect.TS.LI.o1.i1.8x8
// expect-gone: for (int k = 0; k < N; k++)
#include <stdio.h>

#define N 75
static double A[N][N], B[N][N];

int main(void)
{
	double s = 0;

#pragma autotile tile(8,8,8) candidate(rect.TS.LI.o0.i1.16x16) scan(TP,LI)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11);
#pragma autotile shape(skew) candidate(rect.TS.LI.o1.i1.8x8) parallel(none)
	for (int i = 1; i < N; i++)
		for (int k = 0; k < N; k++)
			B[i][k] = A[i][k] + B[i - 1][k];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += (A[i][j] + 2 * B[i][j]) * (i + 1);
	printf("%.6f\n", s);
	return 0;
}
