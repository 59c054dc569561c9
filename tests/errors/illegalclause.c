// illegalclause.c — under the cost model, pragma clauses forcing a shape
// the nest does not have (diamond tiles need a dependence cone this
// Gauss-Seidel sweep does not give): the model ranks no candidate of that
// shape, and the error comes from the same check as under fixed:N; exit
// 1, the nest left unchanged.  The second nest, forced to the skewed
// shape, gets the model's best legal skewed candidate.  Since session 63
// the error lists the shapes the nest has (a misspelled `shape(foo)`
// read as the same "no tiling shape of that name" with no names).
// expect-exit: 1
// expect-args: --strategy model
// expect-diag: 26:[0-9]+: error: autotile: the shape or scan requested by the pragma: the nest has no tiling shape of that name \(its shapes: rect, skew[^)]*isl\)
// expect-kept: #pragma autotile shape(diamond) scan(TS,LI)
// expect-gone: #pragma autotile shape(skew) scan(TS,LI)
#include <stdio.h>

#define N 40

static double A[N][N];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = (double)((i * i + 3 * j * j + 1) % 17) / 3.0;
#pragma autotile shape(diamond) scan(TS,LI)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            A[i][j] = 0.25 * (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j + 1]);
#pragma autotile shape(skew) scan(TS,LI)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            A[i][j] = 0.25 * (A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
