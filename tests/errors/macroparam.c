// macroparam.c — object-like macros in loop bounds and subscripts.
// autotile reads such a macro as a parameter, a value the nest does not
// change, so clang must give its expansion as one operand of integer
// arithmetic on constants and on variables that the nest neither writes
// nor iterates.  Nests whose macros are not are left unchanged with a
// warning that names the macro; the others are transformed and must
// compute the same.
// expect-exit: 0
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `HALF` does not expand to one operand here
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `COL` \(used in a subscript\) expands to `j`, which is an iterator of the loop nest
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `LIM` expands to `lim`, which is written inside the loop nest
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `NEXT` expands to `i`, which is declared inside the loop nest
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `SIZE` expands to more than integer arithmetic
// expect-diag: [0-9]+:[0-9]+: warning: autotile: macro `STEP` may assign or increment
// expect-kept: if (LD >= NJ) {
// expect-gone: c[i][j] = c[i][j] * 0.5 + b[i][j] * NCOPY;
// expect-gone: c[i][j] = c[i][j] * 0.25 + b[i][j];
#include <stdio.h>

#define NI 40
#define NJ 30
#define LD (NJ + 2)		/* a row length that is an expression */
#define HALF NJ / 2		/* no parentheses: 2 * HALF is not 2 * 15 */
#define COL (j)			/* an iterator of the nest */
#define LIM lim		/* a variable the nest writes */
#define NEXT (i + 1)		/* an expression of an iterator */
#define NCOPY ncopy		/* a variable the nest only reads */
#define WIDTH (ncopy * 4 + 2)	/* arithmetic on it */
#define SIZE (size_of(3))	/* a call */
#define BUMP(x) ((x)++)
#define STEP (BUMP(ncopy))	/* an increment, through another macro */

static double a[NI * LD], b[NI][NJ], c[NI][NJ];

static int size_of(int k)
{
    return k * 5;
}

static void kernels(int ncopy)
{
    int i, j, lim = NJ;

    /* transformed, under the guard that rows of LD hold NJ elements */
#pragma autotile
    for (i = 1; i < NI; i++)
        for (j = 0; j < NJ; j++)
            a[i * LD + j] = 0.5 * a[(i - 1) * LD + j] + b[i][j];
    /* transformed: NCOPY is ncopy, which the nest does not write */
#pragma autotile
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++)
            c[i][j] = c[i][j] * 0.5 + b[i][j] * NCOPY;
    /* transformed: WIDTH is ncopy * 4 + 2 */
#pragma autotile
    for (i = 0; i < NI; i++)
        for (j = 0; j < WIDTH; j++)
            c[i][j] = c[i][j] * 0.25 + b[i][j];
#pragma autotile
    for (i = 0; i < NI; i++)
        for (j = 0; j < SIZE; j++)
            c[i][j] += b[i][j];
#pragma autotile
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ - 10; j += 1)
            c[i][j + STEP % 2] += b[i][j];
#pragma autotile
    for (i = 0; i < NI; i++)
        for (j = 0; j < HALF; j++)
            b[i][2 * HALF - j - 1] += b[i][j];
#pragma autotile
    for (i = 1; i < NI; i++)
        for (j = 0; j < NJ; j++)
            c[i][j] = c[i - 1][COL] * 0.25 + 1.0;
#pragma autotile
    for (i = 0; i < NI; i++)
        for (j = 0; j < LIM; j++) {
            c[i][j] += b[i][j];
            lim = NJ - i % 3;
        }
#pragma autotile
    for (int i = 0; i < NI - 1; i++)
        for (int j = 0; j < NJ; j++)
            b[NEXT][j] += b[i][j];
}

int main(void)
{
    double s = 0.0;

    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            a[i * LD + j] = (i * 7 + j * 3) % 11 * 0.125;
            b[i][j] = (i * 5 + j) % 13 * 0.25;
            c[i][j] = (i + j * 3) % 7 * 0.5;
        }
    kernels(3);
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            s += (a[i * LD + j] + b[i][j] + c[i][j]) * (i + 1) * (j + 2);
    printf("%.17g\n", s);
    return 0;
}
