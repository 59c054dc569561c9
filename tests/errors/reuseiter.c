// reuseiter.c — an inner loop that counts with its enclosing loop's
// iterator (`int i, j;` at the top, PolyBench style).  The inner loop
// leaves j at N, so the outer loop over j runs once; autotile read them
// as two loops and ran the statement N times (found by mutating
// examples/fdtd2d.c).  Reported at the inner loop's iterator, that nest
// unchanged.  A nest whose inner loop declares its own `j` (shadowing
// the outer one) is a different variable and is still transformed, as is
// an ordinary nest after it.
// expect-exit: 0
// expect-diag: 30:18: warning: autotile: loop iterator `j` is also the iterator of the enclosing loop on line 28
// expect-kept: B[i][j] = B[i][j] * 0.5 + A[i][j];
// expect-gone: C[i][j] = C[i][j] + 0.25 * A[j][i];
// expect-gone: A[i][j] = A[i][j] + B[i][j] * 0.125;
#include <stdio.h>

#define N 40

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    int i, j;
    double s = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = B[i][j] = C[i][j] = (double)((i * 5 + j * 3) % 11) / 4.0;
#pragma autotile
    for (j = 0; j < N; j++)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                B[i][j] = B[i][j] * 0.5 + A[i][j];
#pragma autotile
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                for (int i = 0; i < 2; i++)
                    C[i][j] = C[i][j] + 0.25 * A[j][i];
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = A[i][j] + B[i][j] * 0.125;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s += (A[i][j] + 2.0 * B[i][j] + 3.0 * C[i][j]) * (i + 2 * j + 1);
    printf("%.17g\n", s);
    return 0;
}
