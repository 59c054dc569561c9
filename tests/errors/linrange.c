// linrange.c — a linearized subscript whose inner part reaches the row
// length: a[i * n + j] with j up to n writes a[(i + 1) * n], the next
// row's first element, so it cannot be read as a[i][j]: the nest is
// reported at the subscript and left unchanged.
// expect-exit: 0
// expect-diag: 16:15: warning: autotile: subscript `i \* n \+ j` of `a` is read as rows of `n` elements, which needs 0 <= j < n
// expect-identical: yes
#include <stdio.h>
#include <stdlib.h>

static void step(int n, double *restrict a, const double *restrict b)
{
#pragma autotile
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= n; j++)
            a[i * n + j] = 0.5 * a[i * n + j] + b[j];
}

int main(void)
{
    int n = 19;
    double *a = malloc(sizeof(double) * (size_t)(n * n + n + 1));
    double *b = malloc(sizeof(double) * (size_t)(n + 1));
    double s = 0.0;

    if (!a || !b)
        return 1;
    for (int p = 0; p < n * n + n + 1; p++)
        a[p] = (double)((p * p + 3) % 17) / 4.0;
    for (int j = 0; j <= n; j++)
        b[j] = (double)((j * 5 + 1) % 7);
    step(n, a, b);
    for (int p = 0; p < n * n + n + 1; p++)
        s += a[p] * (p % 13 + 1);
    printf("%.17g\n", s);
    free(a);
    free(b);
    return 0;
}
