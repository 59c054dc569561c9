// loopiter.c — the nest inside a time loop that reads `i` before the
// nest: each step must see the final value the nest as written leaves,
// which the loops without their statement restore after the transformed
// nest.
// expect-exit: 0
// expect-gone: A[i][j] = A[i - 1][j] * 0.5 + t;
// expect-kept: autotile: the loops as written, without their statements
#include <stdio.h>

#define N 48

static double A[N][N];

int main(void)
{
    int i = 0, j;
    double s = 0.0;
    for (int t = 0; t < 4; t++) {
        s += i;
#pragma autotile
        for (i = 1; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = A[i - 1][j] * 0.5 + t;
    }
    printf("%.17g %.17g\n", s, A[N - 1][N / 2]);
    return 0;
}
