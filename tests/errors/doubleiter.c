// doubleiter.c — a loop whose iterator is a double, not an integer:
// reported on the line of that `for` (column: the `for` or the
// declaration), nest unchanged.
// expect-exit: 0
// expect-diag: 17:[0-9]+: warning: autotile: .*(integer|double|iterator)
// expect-identical: yes
#include <stdio.h>

#define N 16

static double A[N];

int main(void)
{
    double s = 0.0;
#pragma autotile
    for (double x = 0.0; x < 2.0; x += 0.25)
        for (int j = 0; j < N; j++)
            A[j] = A[j] * 0.5 + x * j;
    for (int k = 0; k < N; k++)
        s += A[k] * (k + 1);
    printf("%.17g\n", s);
    return 0;
}
