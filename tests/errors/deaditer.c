// deaditer.c — PolyBench's style: `int i, j, k;` at the top of the
// function, reused by every loop.  After the marked nest `i` is first
// overwritten by the next loop's initialisation, `j` is only used inside
// a loop that starts by overwriting it, and `k` is not used: the nest is
// transformed (its iterators' final values are never read).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-gone: for (k = 0; k < N; k++)
// expect-gone: autotile: the loops as written
#include <stdio.h>

#define N 40

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    int i, j, k;
    double s = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            A[i][j] = (double)((i * i + 3 * j + 1) % 17) / 7.0;
            B[i][j] = (double)((i * j + 5 * j + 2) % 13) / 5.0;
        }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                C[i][j] += A[i][k] * B[k][j];
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += C[i][j] * (i + 2 * j + 1);
    printf("%.17g %d\n", s, i);
    return 0;
}
