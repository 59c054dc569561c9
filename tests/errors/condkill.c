// condkill.c — after the nest, `j` is overwritten only on one branch and
// then printed: its value after the nest may be read, so the transformed
// nest is followed by the loops as written without their statement.
// expect-exit: 0
// expect-gone: A[i][j] = i + 0.5 * j;
// expect-kept: autotile: the loops as written, without their statements
#include <stdio.h>

#define N 32

static double A[N][N];

int main(int argc, char **argv)
{
    int j = 0;
    (void)argv;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = i + 0.5 * j;
    if (argc > 5) j = 0;
    printf("%d %.17g\n", j, A[N / 2][N / 3]);
    return 0;
}
