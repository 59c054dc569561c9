// return.c — a `return` inside the nest.  Reported at the `return`
// keyword, nest unchanged.
// expect-exit: 0
// expect-diag: 20:13: warning: autotile: .*return
// expect-identical: yes
#include <stdio.h>

#define N 20

static double A[N][N];

/* Fills A until the first row is done: the return leaves the nest. */
void kernel(void)
{
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i * i + 3 * j) % 11) + 0.5;
            A[i][j] *= 0.75;
            return;
        }
}

int main(void)
{
    double s = 0.0;
    kernel();
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
