/* grid.h — sizes and kernels of the example project (see Makefile). */
#ifndef GRID_H
#define GRID_H

#ifndef N
#define N 1200
#endif
#ifndef STEPS
#define STEPS 40
#endif

extern double A[N][N], B[N][N], C[N][N];

/* STEPS Jacobi sweeps of A through B. */
void smooth(void);

/* C = A * B^T. */
void product(void);

#endif
