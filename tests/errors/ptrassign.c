// ptrassign.c — a pointer assigned inside the nest: its accesses are
// not to one array any more, and a check that arrays do not overlap
// (made once before the nest) would not hold after it; the nest is
// reported at the assignment and left unchanged.
// expect-exit: 0
// expect-diag: 17:9: warning: autotile: array `x` is also used without subscript \(the pointer or array itself
// expect-identical: yes
#include <stdio.h>

static double buf[64];

static void chase(int n, double *x, double *y)
{
#pragma autotile
    for (int i = 0; i < n; i++) {
        y[i] = x[i] + 1.0;
        x = y;
    }
}

int main(void)
{
    double s = 0.0;

    for (int q = 0; q < 64; q++)
        buf[q] = (double)(q % 7);
    chase(20, buf, buf + 30);
    for (int q = 0; q < 64; q++)
        s += buf[q] * (q % 5 + 1);
    printf("%.17g\n", s);
    return 0;
}
