// badclause.c — an invalid pragma clause, tile(0,x): a tile size must be a
// positive integer.  Warned about on the pragma line (naming the clause);
// the clause is ignored or the nest left unchanged, and the output must
// still compile and behave like the input.
// expect-exit: 0
// expect-diag: 21:[0-9]+: warning: autotile: .*tile
#include <stdio.h>

#define N 40
#define M 36

static double A[N][M];
static double B[N][M];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            B[i][j] = (double)((i * i + 3 * j * j + 1) % 17) / 3.0;
#pragma autotile tile(0,x)
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < M - 1; j++)
            A[i][j] = 0.25 * (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
