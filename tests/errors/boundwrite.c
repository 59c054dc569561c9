// boundwrite.c — the loop bound variable `limit` is written inside the
// loop, so the trip count is not affine: reported at the write (the
// assignment to `limit`), nest unchanged.
// expect-exit: 0
// expect-diag: 20:9: warning: autotile: .*limit
// expect-identical: yes
#include <stdio.h>

#define N 40

static double A[N];

int main(void)
{
    double s = 0.0;
    int limit = N;
#pragma autotile
    for (int i = 0; i < limit; i++) {
        A[i] = (double)((i * i + 3) % 11) + 0.5;
        limit = limit - 1;
    }
    for (int k = 0; k < N; k++)
        s += A[k] * (k + 1);
    printf("%.17g %d\n", s, limit);
    return 0;
}
