// privlast.c — a scalar declared in the body of the inner loop whose
// value a statement uses after that loop's last iteration: `v` is
// written for every j, read when j == M - 1.  Tiled, isl prints that
// read after the point loop over j (a loop that is parallel: each j has
// its copy of v), so `#pragma omp simd private(v)` on it would leave the
// read a value from outside the loop (seen: 0 instead of 3008, session
// 66).  That loop gets no pragma; the point loop of the full tiles,
// which holds no such read, keeps its simd.  Also: a scalar used on the
// first and on the last iteration; two scalars, one defined from the
// other.  All must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:16
// expect-kept: #pragma omp simd private(v)
#include <stdio.h>

#define N 300
#define M 200

static double A[N][M], B[N], C[N];

int main(void)
{
    int i, j;
    double s = 0;

    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (i * 7 + j * 3) % 11;
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            double v = A[i][j] * 2.0;
            if (j == M - 1)
                B[i] = v;
        }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            double v = A[i][j] * 2.0;
            if (j == 0)
                C[i] = v;
            if (j == M - 1)
                C[i] += v;
        }
#pragma autotile
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) {
            double v = A[i][j];
            double w = v * 2.0;
            if (j == M - 1)
                B[i] += w + v;
        }
    for (i = 0; i < N; i++)
        s += B[i] + 3 * C[i];
    printf("%f\n", s);
    return 0;
}
