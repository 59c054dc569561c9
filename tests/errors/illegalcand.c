// illegalcand.c — a forced candidate that is illegal: rectangular tiles
// on an in-place Gauss-Seidel sweep (the dependence (1,-1) of A[i-1][j+1]
// forbids them).  An error naming the dependence, exit 1, the nest left
// unchanged; the second nest, forced to a legal skewed candidate, is
// still optimized.
// expect-exit: 1
// expect-diag: 22:[0-9]+: error: autotile: candidate `rect.TS.LI.o0.i1.8x8` is illegal: .*RAW S0 -> S0 on A: distance \(1, -1\)
// expect-kept: #pragma autotile candidate(rect.TS.LI.o0.i1.8x8)
// expect-gone: #pragma autotile candidate(skew.TS.LI.o0.i1.8x8)
#include <stdio.h>

#define N 40

static double A[N][N];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = (double)((i * i + 3 * j * j + 1) % 17) / 3.0;
#pragma autotile candidate(rect.TS.LI.o0.i1.8x8)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            A[i][j] = 0.25 * (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j + 1]);
#pragma autotile candidate(skew.TS.LI.o0.i1.8x8)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            A[i][j] = 0.25 * (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
