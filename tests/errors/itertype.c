// itertype.c — iterators of types other than int, and loops that count
// or compare in an unsigned type.  The transformed loops count in int or
// long; until session 55 the statements, printed again with the new
// iterators in place, then computed in that type instead of the
// iterator's own (an unsigned `j - i` no longer wrapped, `sizeof(i)` of
// an unsigned char was 8), and a loop whose bound C compares as unsigned
// (`int i = -3; i < u`, false at once in C) was read over the integers:
// each printed another result.  Now each iterator stands in a statement
// converted to its own type, `((unsigned int)(c2))`, and a loop counting
// or comparing in an unsigned type is read only when that cannot wrap
// (a literal or unsigned start, no minus, downwards only `j > c`); any
// other is left as written with a warning.  All must print what the
// original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 59:2: warning: autotile: loop `i` counts or compares in an unsigned type
// expect-diag: 64:3: warning: autotile: loop `j` counts or compares in an unsigned type
// expect-gone: A[i][j] = (j - i < 3u) ? 1.0 : 0.0;
// expect-gone: B[i][j] = sizeof(i) + (j - i > 5);
// expect-gone: A[i][j] += (double)(i - j) / 8;
// expect-gone: B[i][j - 1] = 0.5 * B[i][j - 1] + j;
// expect-kept: ((unsigned int)(c
// expect-kept: for (int i = -3; i < u; i++)
// expect-kept: for (unsigned j = 0; j < u - 1; j++)
#include <stddef.h>
#include <stdio.h>

#define N 40

static double A[N][N], B[N][N];

/* Read: unsigned, unsigned char and size_t iterators, one downwards. */
static void typed(unsigned n)
{
#pragma autotile
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = 0; j < N; j++)
			A[i][j] = (j - i < 3u) ? 1.0 : 0.0;
#pragma autotile
	for (unsigned char i = 0; i < N; i++)
		for (size_t j = 0; j < N; j++)
			B[i][j] = sizeof(i) + (j - i > 5);
#pragma autotile
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = n; j > 0; j--)
			B[i][j - 1] = 0.5 * B[i][j - 1] + j;
#pragma autotile
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			A[i][j] += (double)(i - j) / 8;
}

/* Left as written, each with a warning. */
static void wrapping(unsigned u)
{
	double s = 0;

#pragma autotile
	for (int i = -3; i < u; i++)
		for (int j = 0; j < N; j++)
			s += A[i + 3][j];
#pragma autotile
	for (int i = 0; i < N; i++)
		for (unsigned j = 0; j < u - 1; j++)
			B[i][j] += s;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (i * 7 + j) % 11;
			B[i][j] = (i + 3 * j) % 13;
		}
	typed(N);
	wrapping(N - 3);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s = s * 1.0000001 + A[i][j] + 2 * B[i][j];
	printf("%.17g\n", s);
	return 0;
}
