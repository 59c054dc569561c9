/* Linearized subscripts that the front end cannot read as arrays of
 * several dimensions; the last nest is fine. */

/* j reaches n: a[i * n + n] is a[(i + 1) * n + 0]. */
void bad_range(int n, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= n; j++)
			a[i * n + j] = 1.0;
}

/* Rows of n and of m elements in one array. */
void bad_rows(int n, int m, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n && j < m; j++)
			a[i * n + j] = a[i * m + j] + 1.0;
}

/* No parameter in every product. */
void bad_size(int n, int m, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			a[i * n + j * m] = 1.0;
}

/* A product of two iterators. */
void bad_iter(int n, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			a[i * j] = 1.0;
}

/* An offset that may take j + off past the row. */
void bad_offset(int n, int off, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			a[i * n + j + off] = 1.0;
}

void lin_ok(int n, double *restrict a)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			a[i * n + j] = 1.0;
}
