// twonests.c — two marked nests in one function: the first has a `break`
// (unsupported: warned about and copied verbatim), the second is an
// ordinary matrix product, which must still be transformed.
// expect-exit: 0
// expect-diag: 26:13: warning: autotile: .*break
// expect-kept: for (int jb = 0; jb < N; jb++) {
// expect-gone: for (int kk = 0; kk < N; kk++)
#include <stdio.h>

#define N 48

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i * i + 3 * j + 1) % 17) / 7.0;
            B[i][j] = (double)((i * j + 5 * j + 2) % 13) / 5.0;
        }
#pragma autotile
    for (int ib = 0; ib < N; ib++)
        for (int jb = 0; jb < N; jb++) {
            A[ib][jb] = A[ib][jb] * 0.5 + 1.0;
            break;
        }
#pragma autotile
    for (int ii = 0; ii < N; ii++)
        for (int jj = 0; jj < N; jj++)
            for (int kk = 0; kk < N; kk++)
                C[ii][jj] += A[ii][kk] * B[kk][jj];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += C[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
