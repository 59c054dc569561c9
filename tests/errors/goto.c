// goto.c — a `goto` leaving the nest.  Reported at the `goto` keyword,
// nest unchanged.
// expect-exit: 0
// expect-diag: 20:13: warning: autotile: .*goto
// expect-identical: yes
#include <stdio.h>

#define N 20

static double A[N][N];

/* Fills the first rows of A: the goto leaves the nest early. */
void kernel(void)
{
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i * i + 3 * j) % 11) + 0.5;
            A[i][j] *= 0.75;
            goto done;
        }
done:
    A[0][0] += 1.0;
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
