// inlinedef.c — a nest in an inline definition with external linkage
// (`inline void scale(int n)`, no `extern` declaration): C11 6.7.4p3
// forbids such a function to call the static helpers of generated loop
// bounds, so its tiled output failed `gcc -pedantic-errors` ("'at_max' is
// static but used in inline function 'scale' which is not static";
// session 64's probe).  That nest is now left unchanged with a warning;
// the nest of the static function below is still transformed.
// expect-exit: 0
// expect-args: --strategy fixed:32
// expect-diag: 19:1: warning: autotile: function `scale` is an inline definition with external linkage.*static inline
// expect-kept: B[i][j] += B[i - 1][j];
// expect-gone: A[i][j] += A[i - 1][j] * 0.5;
#include <stdio.h>

static double A[80][80], B[80][80];

inline void scale(int n)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n; j++)
			B[i][j] += B[i - 1][j];
}

static void smooth(int n)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] += A[i - 1][j] * 0.5;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < 80; i++)
		for (int j = 0; j < 80; j++)
			A[i][j] = (i * 3 + j) % 7;
	smooth(80);
	for (int i = 0; i < 80; i++)
		for (int j = 0; j < 80; j++)
			s += A[i][j] * (j + 1);
	printf("%a\n", s);
	return 0;
}
