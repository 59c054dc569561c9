// ldguard.c — rows of a leading dimension: a[i * ld + j] with j below m
// is read as a[i][j] only when m <= ld, which the loop bounds do not say.
// The transformed nest runs under that guard and the nest as written
// otherwise; main calls it both ways (ld = 23 > m, then ld = 9 < m, where
// the rows overlap), and with an iterator that main reads after the nest,
// so the loops that restore it belong to the guarded branch.
// expect-exit: 0
// expect-kept: if (ld >= m) {
// expect-kept: } else {
// expect-kept: autotile: the loops as written, without their statements
#include <stdio.h>
#include <stdlib.h>

static int step(int n, int m, int ld, double *restrict a,
		const double *restrict b)
{
    int j;
#pragma autotile
    for (int i = 1; i < n; i++)
        for (j = 0; j < m; j++)
            a[i * ld + j] = 0.5 * a[(i - 1) * ld + j] + b[i * ld + j];
    return j;
}

int main(void)
{
    int n = 17, m = 13, lds[2] = { 23, 9 };
    double *a = malloc(sizeof(double) * 17 * 23);
    double *b = malloc(sizeof(double) * 17 * 23);

    if (!a || !b)
        return 1;
    for (int t = 0; t < 2; t++) {
        double s = 0.0;
        int j;

        for (int p = 0; p < 17 * 23; p++) {
            a[p] = (double)((p * p + 3) % 17) / 4.0;
            b[p] = (double)((p * 5 + 1) % 7);
        }
        j = step(n, m, lds[t], a, b);
        for (int p = 0; p < 17 * 23; p++)
            s += a[p] * (p % 13 + 1);
        printf("ld %d: j %d, %.17g\n", lds[t], j, s);
    }
    free(a);
    free(b);
    return 0;
}
