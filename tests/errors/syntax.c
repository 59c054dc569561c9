// syntax.c — a syntax error (missing `;`) inside the marked nest: autotile
// must stop with an input error (exit 1) and clang's located error.
// expect-exit: 1
// expect-diag: 17:38: error: .*expected .;.
#include <stdio.h>

#define N 16

static double A[N][N];

int main(void)
{
    double s = 0.0;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = i * 0.5 + j * j
        }
    for (int i = 0; i < N; i++)
        s += A[i][i];
    printf("%.17g\n", s);
    return 0;
}
