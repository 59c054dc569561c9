// liveiter.c — iterators declared before the nest and printed after it:
// the transformed nest runs its own iterators, so it is followed by the
// loops as written without their statement, which leave `i` and `j` at
// N - 1 (not at N, where the loop before the nest left them).
// expect-exit: 0
// expect-gone: A[i][j] = (B[i - 1][j]
// expect-kept: autotile: the loops as written, without their statements
#include <stdio.h>

#define N 64

static double A[N][N], B[N][N];

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) B[i][j] = i * 0.5 + j;
#pragma autotile
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
            A[i][j] = (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]) * 0.25;
    printf("%d %d %.17g\n", i, j, A[N / 2][N / 2]);
    return 0;
}
