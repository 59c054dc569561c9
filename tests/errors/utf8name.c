// utf8name.c — C11 allows identifiers with characters beyond ASCII
// (`Ä`, `ß`); isl, which names the model's tuples and parameters by the
// nest's arrays and parameters, does not.  Until session 55 such a nest
// gave "error: autotile: internal: isl rejected ..." and was left as
// written; now it gets a warning saying why.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 18:1: warning: autotile: `Ä`: a name with characters other than ASCII letters, digits and `_`
// expect-identical: yes
#include <stdio.h>

#define N 60

static double Ä[N][N];

static void sweep(double ß)
{
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++)
			Ä[i][j] = Ä[i - 1][j + 1] * ß + 1;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			Ä[i][j] = (i * 7 + 3 * j) % 101;
	sweep(0.5);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s = s * 1.0000001 + Ä[i][j];
	printf("%.17g\n", s);
	return 0;
}
