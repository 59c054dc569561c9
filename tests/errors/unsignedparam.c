// unsignedparam.c — nests sized by an unsigned parameter (and by an enum,
// whose type is unsigned int here).  Such a nest counts in long, but until
// session 58 its generated bounds used the parameter as it is, so C
// computed `n - 1`, `-n + 8 * c1 + 1` and `3 * n - 3` in unsigned int
// before they met the long iterators: at n = 0 the tile loops of `rect`
// ran 4294967295 / 8 times and wrote far outside A (a crash), a skewed
// tiling at n = 40 ran no point loop, and a loop counting down from n
// never ran.  Now every parameter of such a nest is `(long)n` in the
// generated code.  Found by a helper's probe programs (session 58).
// The loop counting down starts from `long j = n`: since session 61 an
// `int j = n` is refused (C converts an n above INT_MAX to a negative
// start, where autotile would read n), see unsignedwrap.c.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-kept: at_lfloord((long)n - 1, 8)
#include <stdio.h>

#define N 64

enum size { NONE = 0, FORTY = 40 };

static double A[N][N], B[N][N + 1];

static void rect(unsigned n)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] = A[j][i] * 0.5 + A[i][j];
}

static void skew(unsigned n)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j + 1] * 0.5 + A[i][j - 1] * 0.25 + 1;
}

static void down(unsigned n)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (long j = n; j > 0; j--)	/* int j = n: refused */
			B[i][j - 1] = 0.25 * B[i][j] + j;
}

static void sized(enum size n)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] = B[j][i] * 2 + A[i][j];
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j <= N; j++) {
			if (j < N)
				A[i][j] = (i * 5 + j * 3) % 17;
			B[i][j] = (i * 3 + j * 7) % 13;
		}
	rect(40);
	rect(0);
	skew(40);
	skew(0);
	down(40);
	down(0);
	sized(FORTY);
	sized(NONE);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + B[i][j] * (j + 1);
	printf("%.17g\n", s);
	return 0;
}
