// sidecall.c — a call to a function with side effects (it counts its calls
// in a global) inside the nest: reported at the call, nest unchanged.
// expect-exit: 0
// expect-diag: 26:23: warning: autotile: .*next_value
// expect-identical: yes
#include <stdio.h>

#define N 20

static double A[N][N];
static int calls;

/* Halves v and counts the call: a side effect the optimizer cannot see. */
double next_value(double v)
{
    calls++;
    return v * 0.5 + calls;
}

int main(void)
{
    double s = 0.0;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = next_value(A[i][j] + i - j);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 2 * j + 1);
    printf("%.17g %d\n", s, calls);
    return 0;
}
