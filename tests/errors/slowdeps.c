// slowdeps.c — a nest whose exact dataflow isl computes for more than 15
// minutes (three loops, k stepping by 2, two statements with skewed
// subscripts; found by session 64's random programs).  autotile hung in
// the dependence analysis, even under --strategy none: it had no limit
// there.  --deps-limit (30 s of CPU time by default; 1 s here) now stops
// it, and the nest is left as written with a warning.
// expect-exit: 0
// expect-args: --strategy none --deps-limit 1
// expect-identical: yes
// expect-diag: 21:1: warning: autotile: isl's exact dependence analysis of this nest was stopped after 1 s of CPU time
#include <stdio.h>

static float A[89][61];

int main(void)
{
	double s = 0;

	for (int q = 0; q < 89 * 61; q++)
		((float *)A)[q] = (float)(q % 101) / 13.0f;
#pragma autotile
	for (int i = 1; i < 16 - 2; i++)
		for (int j = 2; j < 16; j++)
			for (int k = 0; k < 16; k += 2) {
				A[2 * i - j + k + 27][-j + 15] = 0.3f * A[i + j + 2 * k + 27][j + 15];
				A[2 * i - j + k + 28][i - k + 19] += 0.3f * A[2 * j + k + 29][i + k + 17];
			}
	for (int q = 0; q < 89 * 61; q++)
		s += ((float *)A)[q] * (q % 7);
	printf("%a\n", s);
	return 0;
}
