// reglocal.c — a `register` scalar declared in a nest's body is a local
// like any other (a copy per iteration; its address cannot be taken);
// until session 55 it left the nest unchanged as if it were static or
// extern.  Now it is privatized and the nest transformed.  Must print
// what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-gone: register double r = A[i - 1][j + 1];
#include <stdio.h>

#define N 60

static double A[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + 3 * j) % 101;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++) {
			register double r = A[i - 1][j + 1];
			A[i][j] = r * 0.5 + 1;
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s = s * 1.0000001 + A[i][j];
	printf("%.17g\n", s);
	return 0;
}
