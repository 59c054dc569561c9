// elseeq.c — an `if` on an equality with an `else`: `j == 0` is two
// comparisons, whose negation (j < 0 or j > 0) is not one conjunction,
// so the else branch has no domain autotile can write.  Reported at the
// `if`, naming the condition and what to write instead; that nest is
// unchanged and the next one, written as two ifs, is transformed.
// expect-exit: 0
// expect-diag: 22:13: warning: autotile: `else` of `j == 0`: its negation is not a conjunction of affine comparisons; write the `else` branch as an `if` of its own with the opposite condition; loop nest left unchanged$
// expect-kept: A[i][j] = 1.0; else A[i][j] = 2.0 + B[i];
// expect-gone: if (j >= 1) C[i][j] = 2.0 + B[i];
#include <stdio.h>

#define N 100

static double A[N][N], B[N], C[N][N];

int main(void)
{
    int i, j;
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            if (j == 0) A[i][j] = 1.0; else A[i][j] = 2.0 + B[i];
        }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            if (j == 0) C[i][j] = 1.0;
            if (j >= 1) C[i][j] = 2.0 + B[i];
        }
    printf("%f %f\n", A[3][4] + A[5][0], C[3][4] + C[5][0]);
    return 0;
}
