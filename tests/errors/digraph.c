// digraph.c — a mark spelled with the digraph `%:` (C99 6.4.6: `%:` is
// `#`).  Until session 63 `%:pragma autotile` was ignored without a word
// (only `#` was read as a directive); it marks the nest now, as do `%:`
// line directives.  `<%` and `%>` braces were read before.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] + 1;
#include <stdio.h>

static double A[64][64];

static void sweep(int n)
<%
%:pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] + 1;
%>

%:line 300
int main(void)
{
	double s = 0;

	sweep(64);
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++)
			s += A[i][j] * (i + j + 1);
	printf("%a %d\n", s, __LINE__);
	return 0;
}
