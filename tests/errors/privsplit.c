// privsplit.c — a scalar declared outside the nest that several loops of
// the nest each overwrite before reading it (PolyBench's ludcmp and
// deriche, whose whole kernel is one `#pragma scop` region; deriche is
// examples/deriche.c): each such loop gets a variable of its own with a
// copy per iteration, the first keeping the name and the others renamed
// `w_1`, `w_2`, ...  ludcmp's `w` is split four ways (two inner loops per
// i, then two loops over i); two row scans share s and t, each copy per
// row.  A scalar whose second loop reads what the first left in it is
// not split.  All must print what the original prints, with and without
// OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8 --explain
// expect-diag: [0-9]+:1: note: autotile: loop nest with .*; locals w \(declared outside, a copy per i, j\), w_1 \(declared outside, a copy per i, j\), w_2 \(declared outside, a copy per i\), w_3 \(declared outside, a copy per i\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with .*; locals s \(declared outside, a copy per i\), t \(declared outside, a copy per i\), s_1 \(declared outside, a copy per i\), t_1 \(declared outside, a copy per i\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 3 loops \(i, i, j\), 4 statements; parameters N$
// expect-kept: w_3 = y[
// expect-kept: s_1 = s_1 * 0.75f + img[
#include <stdio.h>

#define N 64
#define W 72
#define H 60

static double A[N][N], b[N], x[N], y[N], C[N][N];
static float img[W][H], fw[W][H], bw[W][H], out[W][H];

static void ludcmp(void)
{
    int i, j, k;
    double w;

#pragma scop
    for (i = 0; i < N; i++) {
        for (j = 0; j < i; j++) {
            w = A[i][j];
            for (k = 0; k < j; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
        }
        for (j = i; j < N; j++) {
            w = A[i][j];
            for (k = 0; k < i; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w;
        }
    }
    for (i = 0; i < N; i++) {
        w = b[i];
        for (j = 0; j < i; j++)
            w -= A[i][j] * y[j];
        y[i] = w;
    }
    for (i = N - 1; i >= 0; i--) {
        w = y[i];
        for (j = i + 1; j < N; j++)
            w -= A[i][j] * x[j];
        x[i] = w / A[i][i];
    }
#pragma endscop
}

/* Running sums along each row, forwards then backwards, and their
 * product: the two scans share s and t. */
static void scans(void)
{
    int i, j;
    float s, t;

#pragma scop
    for (i = 0; i < W; i++) {
        s = 0.0f;
        t = 1.0f;
        for (j = 0; j < H; j++) {
            s += img[i][j];
            t = t * 0.5f + s;
            fw[i][j] = s + t;
        }
    }
    for (i = 0; i < W; i++) {
        s = img[i][H - 1];
        t = 0.0f;
        for (j = H - 1; j >= 0; j--) {
            s = s * 0.75f + img[i][j];
            t += s;
            bw[i][j] = t;
        }
    }
    for (i = 0; i < W; i++)
        for (j = 0; j < H; j++)
            out[i][j] = fw[i][j] * bw[i][j];
#pragma endscop
}

/* The second loop reads what the first left in s. */
static double carried(void)
{
    double s = 0;

    int i, j;

#pragma scop
    for (i = 0; i < N; i++) {
        s = b[i];
        C[i][0] = s;
    }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            C[i][j] = C[i][j] + s;
            s = A[i][j] * 0.5;
        }
#pragma endscop
    return 0;
}

int main(void)
{
    double sum = 0;

    for (int i = 0; i < N; i++) {
        b[i] = (i % 7) * 0.5 + 1;
        for (int j = 0; j < N; j++)
            A[i][j] = ((i * 7 + j * 3) % 11 + 1) * 0.25 + (i == j) * N;
    }
    for (int i = 0; i < W; i++)
        for (int j = 0; j < H; j++)
            img[i][j] = (float)((i * 3 + j * 5) % 7) * 0.5f;
    ludcmp();
    scans();
    carried();
    for (int i = 0; i < N; i++) {
        sum += x[i] * (1 + i % 3) + y[i];
        for (int j = 0; j < N; j++)
            sum += A[i][j] * (1 + (i + j) % 5) + C[i][j];
    }
    for (int i = 0; i < W; i++)
        for (int j = 0; j < H; j++)
            sum += out[i][j] * (1 + j % 3);
    printf("%.17g\n", sum);
    return 0;
}
