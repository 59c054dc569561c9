// hugeskew.c — a dependence of distance 2^31 - 1.  The second sweep reads
// B[i + 2147483647][j]; it runs only when N is above 2^31 (never here), but
// autotile keeps N a parameter, so isl's dependences hold that distance.
// isl's scheduler then skewed its band by 2^31 ((t, 2147483648t + i, 2t +
// j)), and the tiled code ran its outer tile loop some 5 billion times at
// N = 67: hours instead of microseconds (found by `make mutate` on
// tests/errors/bigconst.c).  Since session 52 the scheduler's coefficients
// are bounded (AT_SCOP_MAX_COEF), so its band is (t, 2t + j) and the
// program ends at once.  The second nest writes B transposed; there isl
// shifted the second sweep by 2147483647 against the first (its constants
// are bounded too, AT_SCOP_MAX_SHIFT), so the wavefront loop over both ran
// 268 million times, and its bound `3 * N + 2147483640` was an int sum that
// wrapped, so that no tile ran at all (now every constant of such a nest
// is printed long, `2147483640L`).
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-gone: B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
// expect-gone: C[j][i] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
#include <stdio.h>

#define N 67
#define T 20

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    double s = 0.0;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = (i * 3 + j * 7) % 13 * 0.25;
#pragma autotile
    for (int t = 0; t < T; t++) {
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
                                 + A[i + 1][j] + A[i - 1][j]);
        for (int i = 1; i < N - 1; i++)
            for (int j = 2147483647; j < N - 1; j++)
                A[i][j] = 0.5 * (B[i][j] + B[i + 2147483647][j]);
    }
#pragma autotile
    for (int t = 0; t < T; t++) {
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                C[j][i] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
                                 + A[i + 1][j] + A[i - 1][j]);
        for (int i = 1; i < N - 1; i++)
            for (int j = 2147483647; j < N - 1; j++)
                A[i][j] = 0.5 * (C[i][j] + C[i + 2147483647][j]);
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += (B[i][j] + 0.5 * C[i][j]) * (i + 1) + A[i][j];
    printf("%.17g\n", s);
    return 0;
}
