// privgoto.c — a `goto` after a nest that jumps back before it repeats
// the nest like a loop: a scalar or iterator the nest overwrites is read
// again after the jump, so its value after the nest is live.  The first
// nest's scalar `s` is printed after the backward jump: it keeps one
// copy (no private clause, no parallel loop; found by a probe in session
// 61: autotile gave each row its own copy and the second pass printed
// 7).  The second nest's iterator `j` is printed after a backward jump:
// the transformed nest is followed by the text that sets it
// (at_fe_restore; before session 61 the second pass printed -1).  The third nest's scalar `t` is only jumped over by
// a forward `goto`: it still gets a copy per row.
// All must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8 --explain
// expect-diag: 31:1: note: autotile: loop nest with 2 loops \(i, j\), 4 statements; parameters N$
// expect-diag: 49:1: note: autotile: loop nest with 2 loops \(i, j\), 1 statement; parameters N$
// expect-diag: 63:1: note: autotile: loop nest with 2 loops \(i, j\), 3 statements; parameters N; locals t \(declared outside, a copy per i\)$
// expect-gone: private(s)
// expect-kept: private(t)
#include <stdio.h>

#define N 120

static double A[N][N], B[N], C[N][N], D[N][N];

static void rows(void)
{
	double s = 7;
	int rep = 0;
again:
	printf("s=%.17g\n", s);
#pragma autotile
	for (int i = 0; i < N; i++) {
		s = 0;
		for (int j = 0; j < N; j++) {
			s = s * 0.5 + A[i][j];
			A[i][j] = s * 0.5;
		}
		B[i] = s;
	}
	if (++rep < 2)
		goto again;
}

static void iters(void)
{
	int i, j = -1, rep = 0;
back:
	printf("j=%d\n", j);
#pragma autotile
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++)
			C[i][j] = C[i][j] * 0.5 + A[j][i];
	if (++rep < 2)
		goto back;
}

static void skip(int n)
{
	double t = 3;

	if (n < 0)
		goto out;
#pragma autotile
	for (int i = 0; i < N; i++) {
		t = B[i];
		for (int j = 0; j < N; j++)
			D[i][j] = t * A[i][j] + D[i][j];
		B[i] = t * 0.25;
	}
out:
	printf("n=%d\n", n);
}

int main(void)
{
	double sum = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (double)((i * 37 + j * 11) % 101) / 101.0;
			C[i][j] = (double)((i * 5 + j * 3) % 7) / 7.0;
			D[i][j] = (double)((i + 2 * j) % 13) / 13.0;
		}
	rows();
	iters();
	skip(N);
	for (int i = 0; i < N; i++) {
		sum += B[i] * (i + 3);
		for (int j = 0; j < N; j++)
			sum += (A[i][j] + C[i][j] + D[i][j]) * (i * 7 + j + 1);
	}
	printf("%.17g\n", sum);
	return 0;
}
