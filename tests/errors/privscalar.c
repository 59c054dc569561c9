// privscalar.c — scalars declared outside the nest, PolyBench's style
// (`double nrm;` at the top of the function), that the nest overwrites
// at the start of each iteration of the loops around their uses before
// reading them, and whose value after the nest is never read: autotile
// gives each iteration its own copy, as for a scalar declared in the
// loop body, so those loops may run in parallel.  Five nests are
// privatized: gramschmidt's nrm (a copy per k), deriche's ym1, ym2 and
// xm1 (per i), a temporary set in the innermost loop (per i, j), a
// parameter, and a sweep whose scalar a later loop overwrites at the
// start of its body before reading it.  Six are not and keep their
// dependences: a scalar read after the nest (directly, or by a later
// loop before it overwrites it), one whose first use reads it, one set
// under an `if`, a global and one whose address is taken.  A volatile
// one leaves its nest as written (since session 54, volatile.c).
// All must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8 --explain
// expect-diag: [0-9]+:1: note: autotile: loop nest with 6 loops \(k, i, i, j, i, i\), 7 statements; parameters N; locals nrm \(declared outside, a copy per k\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 2 loops \(i, j\), 7 statements; parameters W, H; locals ym1 \(declared outside, a copy per i\), ym2 \(declared outside, a copy per i\), xm1 \(declared outside, a copy per i\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 2 loops \(i, j\), 2 statements; parameters N; locals t \(declared outside, a copy per i, j\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 2 loops \(i, j\), 3 statements; parameters N; locals p \(declared outside, a copy per i\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 2 loops \(i, j\), 3 statements; parameters N$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 2 loops \(i, j\), 3 statements; parameters W, H; locals ym \(declared outside, a copy per i\)$
// expect-diag: [0-9]+:1: note: autotile: loop nest with 2 loops \(i, j\), 2 statements; parameters W, H$
// expect-kept: private(ym1, ym2, xm1)
#include <stdio.h>
#include <math.h>

#define N 96
#define W 80
#define H 70

static double A[N][N], Q[N][N], R[N][N], B[N][N], C[N][N];
static float img[W][H], yy1[W][H];
double g;

/* A parameter overwritten at the start of each row. */
static void rows(double p)
{
#pragma autotile
    for (int i = 0; i < N; i++) {
        p = A[i][0];
        for (int j = 1; j < N; j++)
            p = p * 0.5 + A[i][j];
        C[i][0] = p;
    }
}

/* Each sweep marked alone: after the first, ym overwritten at the start
 * of a later loop's body before any read is dead; in the third sweep the
 * later loop reads zm before it overwrites it, so zm is one variable. */
static void sweeps(void)
{
    float ym, zm;
    int i, j;

#pragma autotile
    for (i = 0; i < W; i++) {
        ym = 0.0f;
        for (j = 0; j < H; j++) {
            yy1[i][j] = img[i][j] + 0.5f * ym;
            ym = yy1[i][j];
        }
    }
    for (j = 0; j < H; j++) {
        ym = 1.0f;
        for (i = 0; i < W; i++) {
            yy1[i][j] = yy1[i][j] * 0.25f + ym;
            ym = yy1[i][j] * 0.5f;
        }
    }
    zm = 0.0f;
#pragma autotile
    for (i = 0; i < W; i++) {
        zm = img[i][0];
        for (j = 1; j < H; j++)
            yy1[i][j] = yy1[i][j] + zm * 0.125f;
    }
    for (j = 0; j < H; j++) {
        yy1[0][j] = yy1[0][j] + zm;
        zm = img[1][j];
    }
}

int main(void)
{
    double nrm, t, s, u, v, w, sum = 0;
    volatile double vol;
    float ym1, ym2, xm1, a1 = 0.25f, a2 = 0.5f, b1 = 0.125f, b2 = 0.0625f;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = ((i * 7 + j * 3) % 11 + 1) * 0.25;
    for (int i = 0; i < W; i++)
        for (int j = 0; j < H; j++)
            img[i][j] = (float)((i * 3 + j * 5) % 7) * 0.5f;
#pragma autotile
    for (int k = 0; k < N; k++) {
        nrm = 0.0;
        for (int i = 0; i < N; i++)
            nrm += A[i][k] * A[i][k];
        R[k][k] = sqrt(nrm);
        for (int i = 0; i < N; i++)
            Q[i][k] = A[i][k] / R[k][k];
        for (int j = k + 1; j < N; j++) {
            R[k][j] = 0.0;
            for (int i = 0; i < N; i++)
                R[k][j] += Q[i][k] * A[i][j];
            for (int i = 0; i < N; i++)
                A[i][j] = A[i][j] - Q[i][k] * R[k][j];
        }
    }
#pragma autotile
    for (int i = 0; i < W; i++) {
        ym1 = 0.0f;
        ym2 = 0.0f;
        xm1 = 0.0f;
        for (int j = 0; j < H; j++) {
            yy1[i][j] = a1 * img[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
            xm1 = img[i][j];
            ym2 = ym1;
            ym1 = yy1[i][j];
        }
    }
#pragma autotile
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            t = A[i][j] * 2.0;
            B[i][j] = t + t * t;
        }
    rows(1.5);
    sweeps();
    /* Read after the nest. */
#pragma autotile
    for (int i = 0; i < N; i++) {
        s = A[i][0];
        for (int j = 1; j < N; j++)
            s = s * 0.5 + B[i][j];
        C[i][1] = s;
    }
    sum += s;
    /* Its first use reads the value of the previous row. */
    u = 1.0;
#pragma autotile
    for (int i = 0; i < N; i++) {
        C[i][2] = u;
        for (int j = 0; j < N; j++)
            u = u * 0.25 + A[i][j];
        u = u + 1.0;
    }
    u = 0;
    /* Set under an `if`: the first row reads the value from before. */
    v = 2.0;
#pragma autotile
    for (int i = 0; i < N; i++) {
        if (i > 0)
            v = A[i][0];
        for (int j = 1; j < N; j++)
            B[i][j] = B[i][j] + v;
        C[i][3] = v;
    }
    v = 0;
    /* A global: another function may read it. */
#pragma autotile
    for (int i = 0; i < N; i++) {
        g = A[i][1];
        for (int j = 0; j < N; j++)
            B[j][i] = B[j][i] * 0.5 + g;
        C[i][4] = g;
    }
    /* Volatile: left as written. */
#pragma autotile
    for (int i = 0; i < N; i++) {
        vol = A[i][2];
        for (int j = 0; j < N; j++)
            B[i][j] = B[i][j] - vol;
        C[i][5] = vol;
    }
    vol = 0;
    /* Its address is taken after the nest. */
#pragma autotile
    for (int i = 0; i < N; i++) {
        w = A[i][3];
        for (int j = 0; j < N; j++)
            B[i][j] = B[i][j] + w;
        C[i][6] = w;
    }
    {
        double *pw = &w;
        sum += *pw;
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += (A[i][j] + Q[i][j] * i + R[i][j] + B[i][j] + C[i][j]) * (1 + (i + j) % 5);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < H; j++)
            sum += yy1[i][j] * (1 + j % 3);
    printf("%.17g %.17g\n", sum, g);
    return 0;
}
