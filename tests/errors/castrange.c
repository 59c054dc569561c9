// castrange.c — casts in loop bounds that change values.  autotile read
// an integer cast to int or wider as a no-op, which holds only when the
// operand's values all fit: `i < (int)n` of a long n = 2^32 + 40 is
// i < 40 in C, `(int)u` of u = UINT_MAX is -1, `(long)ul` of ul =
// ULONG_MAX is -1, and each nest was tiled to run as if the bound were
// the operand's value (found by a helper's probe programs, session 58).
// Now a cast narrower than its operand, or signed of the same width as an
// unsigned operand, leaves the nest as written; `(long)i` of an int
// stays read as i (tests/errors/casts.c).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 25:[0-9]+: warning: autotile: condition `i < N && i < \(int\)n`
// expect-diag: 29:[0-9]+: warning: autotile: condition `i < N && i < \(int\)u`
// expect-diag: 33:[0-9]+: warning: autotile: condition `i < N && i < \(long\)ul`
// expect-identical: yes
#include <stdio.h>

#define N 60

static double A[N][N];

static void f(long n, unsigned u, unsigned long ul)
{
#pragma autotile
	for (int i = 0; i < N && i < (int)n; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += 1.0;
#pragma autotile
	for (int i = 0; i < N && i < (int)u; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += 2.0;
#pragma autotile
	for (long i = 0; i < N && i < (long)ul; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += 3.0;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 5 + j * 3) % 17;
	f(4294967336L, 4294967295u, 18446744073709551615ul);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
