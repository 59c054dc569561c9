// nofor.c — `#pragma autotile` followed by a `while` loop, not a `for`:
// reported at the pragma (any column), the code is left unchanged.
// expect-exit: 0
// expect-diag: 16:[0-9]+: warning: autotile: .*for
// expect-identical: yes
#include <stdio.h>

#define N 32

static double A[N];

int main(void)
{
    double s = 0.0;
    int i = 0;
#pragma autotile
    while (i < N) {
        A[i] = (double)((i * i + 5) % 7) * 0.5;
        i++;
    }
    for (int k = 0; k < N; k++)
        s += A[k] * (k + 1);
    printf("%.17g\n", s);
    return 0;
}
