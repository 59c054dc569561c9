// liveiter.c — iterators declared before the nest and printed after it:
// a transformed nest would leave `i` and `j` as the loop before set them
// (N, N) instead of N - 1.  Reported at the loop of `i`, nest unchanged.
// expect-exit: 0
// expect-diag: 18:5: warning: autotile: loop iterator `i`, declared outside the nest, may be read after it \(line 21\)
// expect-identical: yes
#include <stdio.h>

#define N 64

static double A[N][N], B[N][N];

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++) for (j = 0; j < N; j++) B[i][j] = i * 0.5 + j;
#pragma autotile
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N - 1; j++)
            A[i][j] = (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]) * 0.25;
    printf("%d %d %.17g\n", i, j, A[N / 2][N / 2]);
    return 0;
}
