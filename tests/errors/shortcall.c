// shortcall.c — calls to functions named `f` and `l` inside nests.  Such
// names end like the float and long double versions of a math function
// (sqrtf, sqrtl), and the test that strips that letter read before the
// name when nothing was left of it (found by mutating the examples; the
// sanitizer build reports it).  Both nests are left unchanged, each with
// a warning at its call.
// expect-exit: 0
// expect-diag: 35:23: warning: autotile: .*`f`
// expect-diag: 39:23: warning: autotile: .*`l`
// expect-identical: yes
#include <stdio.h>

#define N 20

static double A[N][N];

/* Doubles its argument. */
static double f(double v)
{
    return 2.0 * v;
}

/* Halves its argument. */
static double l(double v)
{
    return 0.5 * v;
}

int main(void)
{
    double s = 0.0;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = f(i - j) + 1.0;
#pragma autotile
    for (int i = 1; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = l(A[i - 1][j]) + j;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
