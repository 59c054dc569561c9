// regioniter.c — a `#pragma scop` region whose iterator `i`, declared
// before it, is printed after it: autotile restores iterators only after
// `#pragma autotile` nests, so the region is reported at the loop of `i`
// and left unchanged.
// expect-exit: 0
// expect-diag: 20:5: warning: autotile: loop iterator `i`, declared outside the region, may be read after it \(line 24\)
// expect-identical: yes
#include <stdio.h>

#define N 40

static double A[N][N], B[N];

int main(void)
{
    int i;
    for (i = 0; i < N; i++)
        B[i] = i;
#pragma scop
    for (i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = B[i] * 0.5 + j;
#pragma endscop
    printf("%d %.17g\n", i, A[N / 2][N / 3]);
    return 0;
}
