// pragmaop.c — the `_Pragma("autotile")` operator, directly and through a
// macro, is not read (autotile marks a nest by the line `#pragma
// autotile` above it); until session 55 it was ignored without a word.
// Now each gives a warning at the operator, and the program is copied
// as it is.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 14:16: warning: autotile: `_Pragma\("autotile \.\.\."\)` is not read
// expect-diag: 25:2: warning: autotile: `_Pragma\("autotile \.\.\."\)` is not read
// expect-identical: yes
#include <stdio.h>

#define N 60
#define TILEIT _Pragma("autotile")

static double A[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + 3 * j) % 101;
	_Pragma("autotile")
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++)
			A[i][j] = A[i - 1][j + 1] * 0.5 + 1;
	TILEIT
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++)
			A[i][j] = A[i - 1][j + 1] * 0.25 + 1;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s = s * 1.0000001 + A[i][j];
	printf("%.17g\n", s);
	return 0;
}
