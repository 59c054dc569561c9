// loopiter.c — the nest inside a time loop that reads `i` before the
// nest: on the next step it would see the transformed nest's (missing)
// final value.  Reported at the loop of `i`, nest unchanged.
// expect-exit: 0
// expect-diag: 20:9: warning: autotile: loop iterator `i`, declared outside the nest, may be read after it \(line 18\)
// expect-identical: yes
#include <stdio.h>

#define N 48

static double A[N][N];

int main(void)
{
    int i = 0, j;
    double s = 0.0;
    for (int t = 0; t < 4; t++) {
        s += i;
#pragma autotile
        for (i = 1; i < N; i++)
            for (j = 0; j < N; j++)
                A[i][j] = A[i - 1][j] * 0.5 + t;
    }
    printf("%.17g %.17g\n", s, A[N - 1][N / 2]);
    return 0;
}
