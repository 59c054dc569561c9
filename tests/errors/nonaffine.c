// nonaffine.c — a subscript that is not affine in the loop iterators
// (i * j): the nest is reported at the subscript and left unchanged.
// expect-exit: 0
// expect-diag: 21:23: warning: autotile: .*affine
// expect-identical: yes
#include <stdio.h>

#define N 24

static double A[N * N];
static double B[N];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < N * N; i++)
        A[i] = (double)((i * i + 7) % 13) / 5.0;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            B[i] += A[i * j] * 0.5;
    for (int i = 0; i < N; i++)
        s += B[i] * (i + 1);
    printf("%.17g\n", s);
    return 0;
}
