/* main.c — fills the grid, runs the kernels, prints a checksum. */
#include <stdio.h>

#include "grid.h"

int main(void)
{
	double s = 0.0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			A[i][j] = (double)((i * 7 + j * 13) % 31) / 31.0;
			B[i][j] = 0.0;
		}
	smooth();
	product();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += C[i][j] * ((i + 2 * j) % 7 + 1);
	printf("checksum %.17g\n", s);
	return 0;
}
