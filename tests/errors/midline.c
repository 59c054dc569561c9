// midline.c — the first transformed nest's function starts in the middle
// of a line (`static int calls; static void smooth(int n) {`).  The helper
// block goes just before that function; until session 62 its first line
// followed `static int calls; ` on the same line (it compiled, since that
// line is a comment, but the block's own lines no longer started lines).
// It now starts a line of its own; the text before it stays as written.
// expect-exit: 0
// expect-args: --strategy fixed:32
// expect-gone: calls; /* autotile
// expect-kept: static int calls;
#include <stdio.h>

static double A[200][200];

static int calls; static void smooth(int n) {
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j - 1] * 0.25 + 1;
	calls++;
}

int main(void)
{
	double s = 0;

	smooth(200);
	for (int i = 0; i < 200; i++)
		for (int j = 0; j < 200; j++)
			s += A[i][j] * (i + j + 1);
	printf("%.17g %d\n", s, calls);
	return 0;
}
