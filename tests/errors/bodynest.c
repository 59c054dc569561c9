// bodynest.c — a marked nest that is the body of a loop and of an `if`
// written without braces, with iterators declared outside it, which the
// program reads after it.  The transformed nest must stay one statement:
// the loops that leave i and j as the nest as written does (at_scop's
// restore) used to follow the generated block, so the enclosing `for`
// repeated only that block and the `if` ran the loops regardless (found
// by `make mutate` deleting a statement of tests/errors/macroparam.c).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-kept: autotile: the loops as written, without their statements
// expect-gone: c[i][j] = c[i][j] * 0.5 + b[i][j];
// expect-gone: b[i][j] = b[i][j] * 0.25 + 1.0;
#include <stdio.h>

#define NI 40
#define NJ 30

static double b[NI][NJ], c[NI][NJ];

static int kernels(int reps, int flag)
{
    int i, j, r, n = 0;

    for (r = 0; r < reps; r++)
#pragma autotile
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                c[i][j] = c[i][j] * 0.5 + b[i][j];
    n += i + j;
    if (flag)
#pragma autotile
        for (i = 0; i < NI; i++)
            for (j = 0; j < NJ; j++)
                b[i][j] = b[i][j] * 0.25 + 1.0;
    else
        n += 1000;
    return n + i * 100 + j;
}

int main(void)
{
    double s = 0.0;
    int n = 0;

    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            b[i][j] = (i * 5 + j) % 13 * 0.25;
            c[i][j] = (i + j * 3) % 7 * 0.5;
        }
    n += kernels(3, 0);
    n += kernels(2, 1);
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            s += (b[i][j] + c[i][j]) * (i + 1) * (j + 2);
    printf("%.17g %d\n", s, n);
    return 0;
}
