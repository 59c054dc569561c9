// macronest.c — an increment hidden two macros deep: COUNT(x) expands to
// BUMP(x), whose definition holds `++`.  clang does not say which
// operator a macro body's `++` or `=` is, so autotile reads the
// definitions of the macros a statement's macro uses, to any depth, and
// leaves the nest unchanged with a warning.  Before session 52 it read
// only COUNT's own definition, missed the write to cnt[0], ran the nest
// in parallel and printed another sum.
// expect-exit: 0
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `COUNT` may assign or increment
// expect-identical: yes
#include <stdio.h>

#define BUMP(x) ((x)++)
#define COUNT(x) BUMP(x)
#define N 400

static double A[N][N];
static int cnt[4];

int main(void)
{
    double s = 0.0;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = (i * 7 + j * 3) % 11;
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = A[i][j] * 0.5 + COUNT(cnt[0]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += A[i][j] * (i + 1) * (j + 2);
    printf("%.17g %d\n", s, cnt[0]);
    return 0;
}
