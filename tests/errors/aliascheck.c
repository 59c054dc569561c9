// aliascheck.c — plain pointers that may alias (to elements, and to
// rows of W): the transformed nest runs only when the elements it
// accesses through each do not overlap, the nest as written otherwise.
// main calls the three nests on disjoint blocks of one buffer, on blocks
// that overlap by a few rows, and on the same block (in place), so that
// every branch runs.
// expect-exit: 0
// expect-kept: at_addr(b, (long long)(n - 1) * m, sizeof(*b))
// expect-kept: at_addr(y, n, sizeof(*y)) <= at_addr(x, 0, sizeof(*x))
// expect-kept: at_addr(b, n, sizeof(*b)) <= at_addr(a, 0, sizeof(*a))
// expect-kept: } else {
#include <stdio.h>
#include <stdlib.h>

#define W 9

/* b from a's four neighbours, rows of m. */
static void smooth(int n, int m, const double *a, double *b)
{
#pragma autotile
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < m - 1; j++)
            b[i * m + j] = (a[(i - 1) * m + j] + a[(i + 1) * m + j] +
                            a[i * m + j - 1] + a[i * m + j + 1]) * 0.25;
}

/* y = y / 2 + x, four times. */
static void axpy4(int n, const double *x, double *y)
{
#pragma autotile
    for (int t = 0; t < 4; t++)
        for (int i = 0; i < n; i++)
            y[i] = y[i] * 0.5 + x[i];
}

/* b's rows from a's and its own, through pointers to rows of W. */
static void rows(int n, double (*a)[W], double (*b)[W])
{
#pragma autotile
    for (int i = 1; i < n; i++)
        for (int j = 0; j < W; j++)
            b[i][j] = a[i - 1][j] * 0.5 + b[i - 1][j];
}

int main(void)
{
    int n = 40, m = 37;
    double *buf = malloc(sizeof(double) * (size_t)(3 * n * m));

    if (!buf)
        return 1;
    for (int c = 0; c < 3; c++) {
        double *b = c == 0 ? buf + n * m : c == 1 ? buf + 3 * m + 5 : buf;
        double s = 0.0;

        for (int q = 0; q < 3 * n * m; q++)
            buf[q] = (double)((q * q + 3) % 17) / 4.0;
        smooth(n, m, buf, b);
        axpy4(n * m, buf, c == 2 ? buf + 7 : b);
        rows(n, (double (*)[W])buf, (double (*)[W])(c == 2 ? buf :
             buf + (c == 0 ? 2 * n * W : 3 * W + 2)));
        for (int q = 0; q < 3 * n * m; q++)
            s += buf[q] * (q % 13 + 1);
        printf("%d: %.17g\n", c, s);
    }
    free(buf);
    return 0;
}
