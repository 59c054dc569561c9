// nofor.c — `#pragma autotile` followed by a `while` loop, not a `for`:
// reported at the pragma (any column), the code is left unchanged.  So
// are a `for` written with a macro (`FOR(k, 0, N)`) and a directive
// between the mark and its loop (`#endif`), which since session 61 the
// warning names (before, both were "not followed by a for loop").
// expect-exit: 0
// expect-diag: 22:[0-9]+: warning: autotile: .*not followed by a for loop
// expect-diag: 27:1: warning: autotile: `#pragma autotile` is followed by macro `FOR`, not by a `for` loop written out
// expect-diag: 31:1: warning: autotile: `#endif` between `#pragma autotile` and its loop
// expect-identical: yes
#include <stdio.h>

#define N 32
#define FOR(v, lo, hi) for (int v = (lo); v < (hi); v++)

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
#pragma autotile
    FOR(k, 0, N)
        A[k] = A[k] * 0.5 + k;
#ifdef N
#pragma autotile
#endif
    for (int k = 0; k < N; k++)
        A[k] = A[k] * 0.25 + 1;
    for (int k = 0; k < N; k++)
        s += A[k] * (k + 1);
    printf("%.17g\n", s);
    return 0;
}
