// localbad.c — declarations in a nest that autotile does not take: a
// static, a pointer, an array, two at once, a local
// used as a loop bound, one named like a loop iterator, a volatile, and one
// at the top of a `#pragma scop` region (visible after it), and a local
// renamed (an outer `t` is read in the nest) but used through a macro,
// whose text autotile cannot re-spell.  Each nest gets a warning and is
// left as written.
// expect-exit: 0
// expect-diag: 28:13: warning: autotile: declaration of `z` inside the loop nest: a static or extern variable
// expect-diag: 34:13: warning: autotile: declaration of `u` inside the loop nest: only scalars of arithmetic type
// expect-diag: 40:13: warning: autotile: declaration of `v` inside the loop nest: only scalars of arithmetic type
// expect-diag: 46:13: warning: autotile: declaration of several variables inside the loop nest
// expect-diag: 52:29: warning: autotile: `m` is declared inside the loop nest: it cannot be used in a loop bound
// expect-diag: 58:13: warning: autotile: declaration of `i` inside the loop nest: it has the name of a loop iterator
// expect-diag: 64:13: warning: autotile: declaration of `r` inside the loop nest: a volatile variable
// expect-diag: 78:5: warning: autotile: declaration of `g` inside the loop nest: declared outside every loop of the region
// expect-diag: 72:23: warning: autotile: local `t` is used inside a macro expansion
// expect-identical: yes
#include <stdio.h>
#define N 64
#define TWICE_T (t * 2)
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
    double t = 0.5;
#pragma autotile
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            double t = A[i][j] + 1;
            B[i][j] = TWICE_T;
        }
        B[i][0] += t;
    }
    double g0 = 0;
#pragma scop
    double g = 2;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] *= g;
#pragma endscop
    printf("%g %g %g\n", A[3][3], B[5][2], g + g0 + t);
    return 0;
}
