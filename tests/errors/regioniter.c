// regioniter.c — a `#pragma scop` region of a statement and two loops
// whose iterator `i`, declared before the region, is printed after it.
// The transformed region runs its own iterators, so it is followed by
// the region's statements and loops as written with every statement
// replaced by `;`, which leave `i` at N - 1 as the original does.
// expect-exit: 0
// expect-gone: A[i][j] = B[i] * 0.5 + j;
// expect-kept: autotile: the loops as written, without their statements
#include <stdio.h>

#define N 40

static double A[N][N], B[N], s;

int main(void)
{
    int i;
    for (i = 0; i < N; i++)
        B[i] = i;
#pragma scop
    s = 1.5;
    for (i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = B[i] * 0.5 + j;
    for (i = 1; i < N - 1; i++)
        B[i] = A[i][i] * s;
#pragma endscop
    printf("%d %.17g %.17g\n", i, A[N / 2][N / 3], B[N / 2]);
    return 0;
}
