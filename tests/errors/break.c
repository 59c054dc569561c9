// break.c — a `break` inside the nest: control flow autotile cannot model.
// Reported at the `break` keyword, nest unchanged.
// expect-exit: 0
// expect-diag: 20:13: warning: autotile: .*break
// expect-identical: yes
#include <stdio.h>

#define N 20

static double A[N][N];

int main(void)
{
    double s = 0.0;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = A[i][j] * 0.5 + i + 0.25 * j;
            A[i][j] += 1.0;
            break;
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
