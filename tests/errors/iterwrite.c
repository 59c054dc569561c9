// iterwrite.c — an iterator of the nest written by a statement: inside
// its loop's body (the loop would not run the iterations isl counts) and,
// in a `#pragma scop` region, after its loop (`j = 3;`, which session 61
// still called "written inside the loop body"; a helper's probe).  Both
// nests are left as written, each with a warning that says which.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 23:4: warning: autotile: iterator `j` is written inside the loop body
// expect-diag: 34:2: warning: autotile: iterator `j` of a loop of the nest is written outside its loop
// expect-identical: yes
#include <stdio.h>

#define N 50

static double A[N][N], B[N][N];

static void body(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			B[i][j] = A[i][j] * 2.0;
			j = j + 1;
		}
}

static int after(void)
{
	int i, j;
#pragma scop
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++)
			B[i][j] = B[i][j] + A[j][i];
	j = 3;
#pragma endscop
	return i + j;
}

int main(void)
{
	double c = 0;
	int r;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (double)((i * 7 + j * 3) % 11) / 5.0;
	body();
	r = after();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			c += B[i][j] * (i * 7 + j + 1);
	printf("%.17g %d\n", c, r);
	return 0;
}
