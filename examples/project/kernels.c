/* kernels.c — the hot loops, marked for autotile. */
#include "grid.h"

double A[N][N], B[N][N], C[N][N];

void smooth(void)
{
#pragma autotile
	for (int t = 0; t < STEPS; t++) {
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j]
						  + A[i][j - 1] + A[i][j + 1]);
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++)
				A[i][j] = B[i][j];
	}
}

void product(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			C[i][j] = 0.0;
			for (int k = 0; k < N; k++)
				C[i][j] += A[i][k] * B[j][k];
		}
}
