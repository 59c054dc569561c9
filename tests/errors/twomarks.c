// twomarks.c — two `#pragma autotile` lines above one nest.  The nest
// follows the second (lower) mark and is transformed; until session 63
// the first mark's warning said "loop nest left unchanged", which the
// output contradicted.  It now says the mark and its clauses are ignored.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 23:1: warning: autotile: `#pragma autotile` repeated on the next line: this mark and its clauses are ignored
// expect-gone: C[i][j] += A[i][k] * B[k][j];
#include <stdio.h>

#define N 40
static double A[N][N], B[N][N], C[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (i * 3 + j) % 7;
			B[i][j] = (i + 2 * j) % 5;
		}
#pragma autotile tile(4, 4, 4)
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			for (int k = 0; k < N; k++)
				C[i][j] += A[i][k] * B[k][j];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += C[i][j] * (i + 1) + j;
	printf("%a\n", s);
	return 0;
}
