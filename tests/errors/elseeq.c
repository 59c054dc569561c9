// elseeq.c — `else` of a condition of several comparisons.  The negation
// of `j == 0` (j < 0 or j > 0) or of `i >= 2 && j <= N - 3` is not one
// conjunction, so autotile reads the else branch once per comparison,
// under the comparisons before it and the negation of that one: disjoint
// pieces that cover the negation.  Those nests (an equality, a `&&`, an
// else-if chain, a local in the else branch) are transformed and must
// compute what the original computes.  Refused, with the reason at the
// `if`: an equality with a division (its negation needs the division's
// remainder), and an else-if chain whose innermost statements would be
// read 16 times.
// expect-exit: 0
// expect-diag: 55:13: warning: autotile: `else` of `j / 2 == i`, several comparisons with a division: write the `else` branch as an `if` of its own with the opposite condition; loop nest left unchanged$
// expect-diag: 61:50: warning: autotile: `else` of `j == 3` inside other `else` branches of conditions of several comparisons: its statements would be read 16 times \(once per piece of the negations; at most 8\); loop nest left unchanged$
// expect-gone: else A[i][j] = 2.0 + B[i] + A[i][j - 1];
// expect-gone: else C[i][j] = C[i - 1][j] * 0.5 + B[j];
// expect-gone: else D[i][j] = D[i][j - 1] + 2.0;
// expect-gone: E[i][j] = t * E[i - 1][j];
// expect-kept: else F[i][j] = 2.0 + B[i];
// expect-kept: else G[i][j] = 5.0;
#include <stdio.h>

#define N 100

static double A[N][N], B[N], C[N][N], D[N][N], E[N][N], F[N][N], G[N][N];

int main(void)
{
    int i, j;
    double s = 0;

    for (i = 0; i < N; i++) {
        B[i] = (i % 7) * 0.25;
        for (j = 0; j < N; j++)
            C[i][j] = E[i][j] = (i * 3 + j) % 5;
    }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (j == 0) A[i][j] = 1.0; else A[i][j] = 2.0 + B[i] + A[i][j - 1];
#pragma autotile
    for (i = 1; i < N; i++)
        for (j = 0; j < N; j++)
            if (i >= 2 && j <= N - 3) C[i][j] = C[i - 1][j] + 1.0; else C[i][j] = C[i - 1][j] * 0.5 + B[j];
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 1; j < N; j++)
            if (j == 1) D[i][j] = B[i]; else if (j == N - 1) D[i][j] = D[i][j - 1]; else D[i][j] = D[i][j - 1] + 2.0;
#pragma autotile
    for (i = 1; i < N; i++)
        for (j = 0; j < N; j++)
            if (i == j) E[i][j] = 0.0; else { double t = B[j] + 1.0; E[i][j] = t * E[i - 1][j]; }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            if (j / 2 == i) F[i][j] = 1.0; else F[i][j] = 2.0 + B[i];
        }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (j == 0) G[i][j] = 1.0; else if (j == 1) G[i][j] = 2.0;
            else if (j == 2) G[i][j] = 3.0; else if (j == 3) G[i][j] = 4.0;
            else G[i][j] = 5.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += (A[i][j] + C[i][j] * 3 + D[i][j] * 5 + E[i][j] * 7
                + F[i][j] * 11 + G[i][j] * 13) * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
