// localvar.c — scalars declared inside the nest (`double acc = 0;` in a
// loop body): each iteration of the loops around the declaration has its
// own copy, so autotile computes dependences per copy, declares one
// variable at the top of the generated block, turns the declaration into
// an assignment and names the variable in `private(...)` on a parallel
// loop that writes it.  Six nests: a matrix product with an
// accumulator, a row sum used by a second inner loop, a time-iterated
// stencil with two temporaries, two sibling loops that each declare a
// `t` while the nest also reads the `t` declared outside it (the locals
// become `t_1` and `t_2`), a declaration without an initializer
// (`double u;` then `u = ...;`), and locals named like the enumerator
// and the parameter the loop bounds use (renamed, or the bounds would
// read them); all must print what the original prints, with and without
// OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8 --explain
// expect-diag: [0-9]+:1: note: autotile: loop nest with 3 loops \(i, j, k\), 3 statements; parameters N; locals acc \(a copy per i, j\)
// expect-diag: [0-9]+:1: note: autotile: loop nest .*; locals s \(a copy per i\), q \(a copy per i, j\)
// expect-gone: double acc = 0.0;
// expect-gone: float s = 0;
// expect-gone: double c = A[i][j];
// expect-kept: private(acc)
// expect-kept: private(c, n4)
// expect-kept: t_1 = A[
// expect-kept: t_2 = D[
// expect-gone: E[i][j] = t * t + t;
// expect-gone: F[i][j] = u + B[j][i];
// expect-kept: n_1 = W_1 + 1;
#include <stdio.h>

#define N 120
#define M 90
#define T 6

static double A[N][N], B[N][N], C[N][N];
static float P[N][M], R[N];
static double D[N][N], E[N][N], F[N][N];

enum { W = 3 };

/* Locals that hide the bounds' n and W in their block. */
static void scale(int n)
{
#pragma autotile
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n - W; j++) {
            double W = A[i][j] * 0.5;
            double n = W + 1;
            F[i][j] += n * W;
        }
}

int main(void)
{
    double sum = 0, t = 0.5;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (i * 7 + j * 3) % 11 * 0.25;
            B[i][j] = (i * 5 + j) % 13 * 0.5;
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            P[i][j] = (float)((i * 3 + j * 5) % 7) * 0.5f;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double acc = 0.0;
            for (int k = 0; k < N; k++)
                acc += A[i][k] * B[k][j];
            C[i][j] = acc;
        }
#pragma autotile
    for (int i = 0; i < N; i++) {
        float s = 0;
        for (int j = 0; j < M; j++)
            s += P[i][j];
        R[i] = s;
        for (int j = 0; j < M; j++) {
            float q = P[i][j] * s;
            P[i][j] = q - R[i] * 0.001f;
        }
    }
#pragma autotile
    for (int t = 0; t < T; t++)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++) {
                double c = A[i][j];
                double n4 = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1];
                A[i][j] = 0.5 * c + 0.125 * n4;
            }
#pragma autotile
    for (int i = 1; i < N - 1; i++) {
        for (int j = 1; j < N - 1; j++) {
            double t = A[i - 1][j] + A[i + 1][j];
            D[i][j] = t * 0.5;
        }
        for (int j = 1; j < N - 1; j++) {
            double t = D[i][j - 1] + A[i][j];
            E[i][j] = t * t + t;
        }
        E[i][0] = t;
    }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double u;
            u = A[i][j] * 0.5;
            F[i][j] = u + B[j][i];
        }
    scale(N);
    for (int i = 0; i < N; i++) {
        sum += R[i] * t;
        for (int j = 0; j < N; j++)
            sum += D[i][j] - E[i][j] * j + F[j][i];
        for (int j = 0; j < N; j++)
            sum += (C[i][j] + A[i][j]) * (i + 2 * j);
        for (int j = 0; j < M; j++)
            sum += P[i][j];
    }
    printf("%.17g\n", sum);
    return 0;
}
