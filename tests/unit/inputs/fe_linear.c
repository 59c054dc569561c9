/* Linearized subscripts that the front end reads as arrays of several
 * dimensions (src/frontend_int.h). */
#define N 64

/* Rows of n elements: a[i][j], b[i][j - 1]. */
void lin2(int n, double *restrict a, const double *restrict b)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			a[i * n + j] = a[(i - 1) * n + j] + b[i * n + j - 1];
}

/* Planes of ny rows of nz elements: u[i][j][k]; v[j][k] is row 0. */
void lin3(int nx, int ny, int nz, double *restrict u, double *restrict v)
{
#pragma autotile
	for (int i = 0; i < nx; i++)
		for (int j = 0; j < ny; j++)
			for (int k = 0; k < nz; k++)
				u[(i * ny + j) * nz + k] += v[k + nz * j] + v[k];
}

/* A macro as the row length. */
void linmacro(double *restrict a)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			a[N * i + j] = a[N * i + j] * 2.0;
}

/* The row length inside the row part (a[i][n - 1 - j], not a[i + 1][-1 -
 * j]), and a row written with its plane 0 first (w's longest subscript
 * has two sizes). */
void linrev(int n, int m, double *restrict a, double *restrict w)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int k = 0; k < m; k++)
				a[i * n + n - 1 - j] += w[((0) * n + j) * m + k] +
					w[(i * n + j) * m + k];
}
