// localbad.c — declarations in a nest that autotile does not take: a
// static, a pointer, an array, two at once, a local
// used as a loop bound, one named like a loop iterator, a volatile, and one
// at the top of a `#pragma scop` region (visible after it).  Each nest
// gets a warning at the declaration and is left as written.
// expect-exit: 0
// expect-diag: 24:13: warning: autotile: declaration of `z` inside the loop nest: a static or extern variable
// expect-diag: 30:13: warning: autotile: declaration of `u` inside the loop nest: only scalars of arithmetic type
// expect-diag: 36:13: warning: autotile: declaration of `v` inside the loop nest: only scalars of arithmetic type
// expect-diag: 42:13: warning: autotile: declaration of several variables inside the loop nest
// expect-diag: 48:29: warning: autotile: `m` is declared inside the loop nest: it cannot be used in a loop bound
// expect-diag: 54:13: warning: autotile: declaration of `i` inside the loop nest: it has the name of a loop iterator
// expect-diag: 60:13: warning: autotile: declaration of `r` inside the loop nest: a volatile variable
// expect-diag: 65:5: warning: autotile: declaration of `g` inside the loop nest: declared outside every loop of the region
// expect-identical: yes
#include <stdio.h>
#define N 64
static double A[N][N], B[N][N];
int main(void)
{
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            static double z = 0;
            A[i][j] = z + i;
        }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double *u = &A[i][j];
            B[i][j] = *u;
        }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double v[2] = { 1, 2 };
            A[i][j] += v[0];
        }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double x = 1, y = 2;
            A[i][j] += x + y;
        }
#pragma autotile
    for (int i = 0; i < N; i++) {
        int m = i / 2;
        for (int j = 0; j < m; j++)
            A[i][j] += 1;
    }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double i = B[j][0];
            A[j][0] += i;
        }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            volatile double r = B[i][j];
            A[i][j] = r;
        }
    double g0 = 0;
#pragma scop
    double g = 2;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] *= g;
#pragma endscop
    printf("%g %g %g\n", A[3][3], B[5][2], g + g0);
    return 0;
}
