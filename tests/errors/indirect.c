// indirect.c — an indirect subscript A[idx[i]] (the index comes from
// memory): reported at the subscript `idx[i]`, nest unchanged.
// expect-exit: 0
// expect-diag: 23:11: warning: autotile: .*(affine|indirect)
// expect-identical: yes
#include <stdio.h>

#define N 32

static double A[N];
static double B[N];
static int idx[N];

int main(void)
{
    double s = 0.0;
    for (int i = 0; i < N; i++) {
        idx[i] = (i * 7 + 3) % N;
        B[i] = (double)((i * i + 1) % 13);
    }
#pragma autotile
    for (int i = 0; i < N; i++)
        A[idx[i]] += B[i] * 0.5;
    for (int k = 0; k < N; k++)
        s += A[k] * (k + 1);
    printf("%.17g\n", s);
    return 0;
}
