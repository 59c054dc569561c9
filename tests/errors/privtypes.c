// privtypes.c — scalars the nest gives a copy per row (declared outside
// it, overwritten before each read) whose types the generated
// declaration must spell so that it means the same type there and in
// ISO C: an unnamed enum (clang spells it `enum (unnamed at ...)`), a
// typedef that the nest's block shadows with another (`typedef int T`
// there, so `T s;` made s an int and truncated it), and `__typeof__`
// (printed as `typeof`, not a keyword under -std=c11).  Until session 61
// the first and last outputs did not compile and the second printed
// other sums; found by a helper's probe programs.  The copies are now
// declared with the canonical type, an enum's as its integer type.
// All must print what the original prints, with and without OpenMP,
// built with -std=c11.
// expect-exit: 0
// expect-args: -std=c11 --strategy fixed:8
// expect-kept: unsigned int e;
// expect-kept: double s;
// expect-kept: double t;
#include <stdio.h>

#define N 120

static double A[N][N], B[N][N], C[N][N], D[N][N];
typedef double T;

static void anon(void)
{
	enum { RA, RB, RC } e = RA;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			e = (i + j) % 3 ? RB : RC;
			B[i][j] = e + A[j][i];
		}
}

static void shadowed(void)
{
	T s;
	{
		typedef int T;
		T k = 3;
#pragma autotile
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				s = A[j][i] * k;
				C[i][j] = s + 1.0;
			}
	}
}

static void typed(void)
{
	__typeof__(A[0][0]) t = 0;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			t = A[j][i] * 2.5;
			D[i][j] = t + 1.0;
		}
}

int main(void)
{
	double c = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11) / 5.0;
	anon();
	shadowed();
	typed();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			c += (B[i][j] + C[i][j] + D[i][j]) * (i * 7 + j + 1);
	printf("%.17g\n", c);
	return 0;
}
