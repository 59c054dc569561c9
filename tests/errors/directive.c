// directive.c — what a nest printed again from its statements, in another
// order and on other lines, cannot keep: a #define or #undef among them
// (it would no longer apply where it did, and code after the nest saw
// K = 1 again), an #ifdef (the output would keep the branch autotile saw
// whatever -D flags it is built with), `__LINE__` (the statements stand
// on other lines), and a macro that stringizes or pastes (`#`, `##`: the
// iterators renamed in its arguments change its text; `sizeof(STR(j))`
// was 8, not 2).  Until session 55 each such nest was transformed and
// printed another result (or, pasting, did not compile).  Each is now
// left as written with a warning; the last nest, with nothing of that, is
// transformed.  All must print what the original prints, with and
// without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 43:1: warning: autotile: preprocessor directive inside the loop nest
// expect-diag: 51:1: warning: autotile: preprocessor directive inside the loop nest
// expect-diag: 60:15: warning: autotile: `__LINE__` inside the loop nest
// expect-diag: 64:22: warning: autotile: macro `STR` stringizes or pastes tokens
// expect-diag: 68:15: warning: autotile: macro `CAT` stringizes or pastes tokens
// expect-kept: A[i][j] += K;
// expect-kept: A[i][j] += 3.0;
// expect-kept: A[i][j] += __LINE__ % 7;
// expect-kept: A[i][j] += sizeof(STR(j));
// expect-kept: A[i][j] += CAT(j, 1) * 0.5;
// expect-gone: A[i][j] = A[i - 1][j + 1] * 0.25 + K;
#include <stdio.h>

#define N 50
#define K 1
#define STR(a) #a
#define CAT(a, b) a##b

static double A[N][N];

static void nests(void)
{
	int j1 = 4;

#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++) {
			A[i][j] = A[i - 1][j + 1] * 0.5 + K;
#undef K
#define K 5
			A[i][j] += K;
		}
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++) {
			A[i][j] = A[i - 1][j + 1] * 0.5;
#ifdef WIDE
			A[i][j] += 3.0;
#else
			A[i][j] -= 1.0;
#endif
		}
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += __LINE__ % 7;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += sizeof(STR(j));
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] += CAT(j, 1) * 0.5;
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 0; j < N - 1; j++)
			A[i][j] = A[i - 1][j + 1] * 0.25 + K;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + 3 * j) % 101;
	nests();
	A[0][0] += K;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s = s * 1.0000001 + A[i][j];
	printf("%.17g\n", s);
	return 0;
}
