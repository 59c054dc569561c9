// unsignedcond.c — comparisons C makes in an unsigned type, where a
// negative operand becomes a large value: autotile read them over the
// integers.  `if (j - i < 3u)` holds in C only for 0 <= j - i <= 2; with
// unsigned iterators `if (j - i < 3)` is the same comparison; `if (j - 20
// < u)` holds only for 20 <= j < 20 + u.  And a loop's unsigned check took
// a condition without a minus to be safe, but `j < u + i` and `j < MIN(i,
// u)` with an int i from -5 convert a negative i.  Until session 58 each
// of these nests was tiled into code that printed another sum (found by a
// helper's probe programs); now each is left as written with a warning.
// The last nest compares unsigned variables only, with no minus and no
// unsigned `+` (session 61: `j < i + u` is refused, C wraps i + u past
// UINT_MAX), and is still tiled.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 39:[0-9]+: warning: autotile: condition `j - i < 3u` of `if` compares in an unsigned type
// expect-diag: 44:[0-9]+: warning: autotile: condition `j - i < 3` of `if` compares in an unsigned type
// expect-diag: 49:[0-9]+: warning: autotile: condition `j - 20 < u` of `if` compares in an unsigned type
// expect-diag: 53:[0-9]+: warning: autotile: loop `j` counts or compares in an unsigned type.*no signed variable in the condition but `j`
// expect-diag: 57:[0-9]+: warning: autotile: loop `j` counts or compares in an unsigned type.*no signed variable in the condition but `j`
// expect-gone: B[i][j] = B[i][j] * 0.5 + j;
#include <stdio.h>

#define N 40
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static double A[N + 8][N], B[N][N];

int main(void)
{
	unsigned u = 7;
	double s = 0;

	for (int i = 0; i < N + 8; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 5 + j * 3) % 17;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			if (j - i < 3u)
				A[i][j] += 1.0;
#pragma autotile
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = 0; j < N; j++)
			if (j - i < 3)
				A[i][j] += 2.0;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			if (j - 20 < u)
				A[i][j] += 3.0;
#pragma autotile
	for (int i = -5; i < N; i++)
		for (int j = 0; j < N && j < u + i; j++)
			A[i + 5][j] += 4.0;
#pragma autotile
	for (int i = -5; i < N; i++)
		for (int j = 0; j < MIN(i, u); j++)
			A[i + 5][j] += 5.0;
#pragma autotile
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = 0; j < N; j++)
			if (j <= i && j < u)	/* i + u may wrap: refused */
				B[i][j] = B[i][j] * 0.5 + j;
	for (int i = 0; i < N + 8; i++)
		for (int j = 0; j < N; j++)
			s += A[i][j] * (i + 1) + j + (i < N ? B[i][j] : 0);
	printf("%.17g\n", s);
	return 0;
}
