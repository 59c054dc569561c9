// localisl.c — a candidate that is legal for the dependences of a local
// scalar's copies but would interleave them: isl's scheduler fuses the
// accumulator's initialisation and final store into the k loop of a
// matrix product, and tiling all three loops then runs the sums of
// several (i, j) in turn through one variable.  A forced candidate of
// that band is an error naming the reason (exit 1, the nest unchanged);
// the second nest, forced to rectangular tiles of (i, j), is optimized.
// expect-exit: 1
// expect-args: --strategy model
// expect-diag: 26:[0-9]+: error: autotile: candidate `isl.TS.LI.o0.i2.8x8x8` is illegal: it has no schedule prefix that keeps the copies of a scalar declared in the nest apart
// expect-kept: #pragma autotile candidate(isl.TS.LI.o0.i2.8x8x8)
// expect-gone: #pragma autotile candidate(rect.TS.LI.o1.i1.8x8)
#include <stdio.h>

#define N 64

static double A[N][N], B[N][N], C[N][N], D[N][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (i * 7 + j * 3) % 11 * 0.25;
            B[i][j] = (i * 5 + j) % 13 * 0.5;
        }
#pragma autotile candidate(isl.TS.LI.o0.i2.8x8x8)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double acc = 0.0;
            for (int k = 0; k < N; k++)
                acc += A[i][k] * B[k][j];
            C[i][j] = acc;
        }
#pragma autotile candidate(rect.TS.LI.o1.i1.8x8)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double acc = 1.0;
            for (int k = 0; k < N; k++)
                acc += A[k][i] * B[j][k];
            D[i][j] = acc;
        }
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += C[i][j] * (i + 1) - D[i][j] * j;
    printf("%.17g\n", s);
    return 0;
}
