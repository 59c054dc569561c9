/* Macros, PolyBench conventions, odd loop forms, if/else, reductions. */
#include <math.h>
#include <stddef.h>
#ifndef N
#define N 64
#endif
#define _PB_N N
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#define M1 (N - 1)
#define DATA_TYPE double
static DATA_TYPE A[N][N], x[N];

void macros(void)
{
	int i, j;
#pragma scop
	for (i = 0; i < _PB_N; i++)
		for (j = 0; j < _PB_N; j++)
			A[i][j] = SQRT_FUN(A[i][j] * SCALAR_VAL(2.0)) + (double)M1;
#pragma endscop
}

void forms(unsigned n, double s)
{
#pragma autotile
	for (size_t i = 0; n > i; i = i + 2)
		for (unsigned j = n; j > 0; j -= 1) {
			if (j <= i)
				s += x[j];
			else
				x[j] = s;
		}
}

void tops(void)
{
	double s;
#pragma scop
	s = 0;
	for (int i = 0; i < N; i++)
		s += x[i] * x[i];
	x[0] = s;
#pragma endscop
}

#if 0
#pragma autotile
#endif
void nested(void)
{
#pragma scop
	for (int i = 0; i < N; i++) {
#pragma autotile
		for (int j = 0; j < N; j++)
			A[i][j] = 0;
	}
#pragma endscop
}
