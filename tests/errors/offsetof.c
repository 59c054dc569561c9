// offsetof.c — `offsetof(struct P, j)` in a statement whose loop's
// iterator is also named j: the member name was renamed with the
// iterator, `offsetof(struct P, (c3))`, which does not compile.  Found
// by a helper's probe programs (session 58); since session 59 a token
// naming a struct member keeps its name.
// expect-exit: 0
// expect-kept: offsetof(struct P, j)
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + offsetof(struct P, j);
#include <stdio.h>
#include <stddef.h>

#define N 40

struct P {
	double i, j;
};

double A[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 5 + j * 3) % 17;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + offsetof(struct P, j);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
