/* Arrays the source does not say are distinct: the first four nests
 * are kept with checks at run time (at_scop.alias), the others need
 * none. */
#define N 64

static double G[N];

/* Two plain pointers, one written. */
void al_two(int n, double *x, double *y)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		y[i] = y[i] + 2.0 * x[i];
}

/* A plain pointer into a static array; and a third array, restrict. */
void al_static(int n, double *p, double *restrict q)
{
#pragma autotile
	for (int i = 1; i < n; i++)
		p[i] = G[i - 1] + q[i];
}

/* Linearized pointers: rows of m. */
void al_rows(int n, int m, const double *a, double *b)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			b[i * m + j] = a[i * m + j] * 0.5;
}

/* A pointer to rows of N and a plain pointer: the rows' range and the
 * elements' range are checked. */
void al_rows2(int n, double (*r)[N], double *v)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < N; j++)
			r[i][j] = r[i][j] * v[j];
}

/* restrict: no check. */
void al_restrict(int n, double *restrict x, double *restrict y)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		y[i] = x[i];
}

/* Nothing written through either: no check. */
void al_read(int n, const double *x, const double *y, double *restrict s)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		s[0] += x[i] * y[i];
}
