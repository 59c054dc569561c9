/* Linearized subscripts whose rows hold only for some parameter values:
 * each nest is kept with a guard (at_scop.guard), except the last, whose
 * bounds hold for every value. */

/* A leading dimension: rows of lda elements, j below n. */
void ld_rows(int m, int n, int lda, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++)
			a[i * lda + j] = 2.0 * a[i * lda + j];
}

/* Planes and rows: u[(i * ldy + j) * ldz + k], j below ny, k below nz. */
void ld_planes(int nx, int ny, int nz, int ldy, int ldz, float *restrict u)
{
#pragma autotile
	for (int i = 0; i < nx; i++)
		for (int j = 0; j < ny; j++)
			for (int k = 0; k < nz; k++)
				u[(i * ldy + j) * ldz + k] += 1.0f;
}

/* A column offset inside rows of lda: 0 <= off and n + off <= lda. */
void ld_offset(int m, int n, int off, int lda, double *restrict a)
{
#pragma autotile
	for (int i = 1; i < m; i++)
		for (int j = 0; j < n; j++)
			a[i * lda + j + off] = a[(i - 1) * lda + j + off];
}

/* Rows of n with j below n: no guard. */
void ld_none(int m, int n, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0.0;
}
