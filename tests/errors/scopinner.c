// scopinner.c — marks inside a `#pragma scop` region.  The region is
// read as one nest; until session 63 a `#pragma autotile` with clauses
// inside it (here asking to keep the nest) and a second `#pragma scop`
// on the line after the first were ignored without a word.  Each now
// gets a warning; both regions are transformed as before.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 23:1: warning: autotile: `#pragma autotile` inside a `#pragma scop` region is not read .*above `#pragma scop`
// expect-diag: 29:1: warning: autotile: `#pragma scop` inside a `#pragma scop` region is not read \(the region ends at its first
// expect-gone: A[i][j] = A[i - 1][j] + A[i][j - 1] * 0.5;
// expect-gone: B[i][j] = A[j][i] * 2;
#include <stdio.h>

#define N 40
static double A[N][N], B[N][N];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j) % 5;
#pragma scop
#pragma autotile candidate(keep)
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] + A[i][j - 1] * 0.5;
#pragma endscop
#pragma scop
#pragma scop
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = A[j][i] * 2;
#pragma endscop
	printf("%a %a\n", A[N - 1][N - 1], B[3][N - 2]);
	return 0;
}
