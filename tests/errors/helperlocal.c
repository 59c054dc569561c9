// helperlocal.c — a local variable named like a helper of the generated
// code (`at_min`): inside its function the variable hides the helper,
// so a generated bound `at_min(...)` called a double ("called object is
// not a function").  Until session 61 only functions so named were
// found (helperclash.c); now any identifier so named leaves every nest
// of the file as written, with a warning naming it.  Found by a
// helper's probe programs (session 61).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 20:9: warning: autotile: `at_min` is also the name of a helper function
// expect-identical: yes
#include <stdio.h>

#define N 100

static double A[N][N], B[N][N];

int main(void)
{
	double at_min = 0.5, c = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11) / 5.0;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j <= i; j++)
			B[i][j] = A[j][i] * at_min;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			c += B[i][j] * (i * 7 + j + 1);
	printf("%.17g\n", c);
	return 0;
}
