/* Triangular, decreasing, strided and imperfect nests; VLA parameters. */
#include <math.h>
#include <stddef.h>

void tri(int n, double A[n][n])
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++)
			A[i][j] = sqrt(A[i][j]) + (double)j;
}

void down(int n, double x[restrict n], const double y[n])
{
#pragma autotile
	for (long i = n - 1; i >= 0; i--)
		x[i] = x[i] * 0.5 + y[n - 1 - i];
}

void stride(int n, float v[n])
{
#pragma autotile
	for (int i = 1; i < n; i += 2)
		v[i] = v[i - 1] > 0 ? v[i - 1] : -v[i - 1];
}

void imperfect(int n, int m, double A[restrict n][m], double s[restrict n])
{
#pragma autotile
	for (int i = 0; i < n; i++) {
		s[i] = 0;
		for (int j = 0; j < m; j++)
			s[i] += A[i][j];
		for (int j = 1; j < m; j++) {
			A[i][j] = A[i][j - 1] / s[i];
		}
		s[i] = fabs(s[i]);
	}
}

void minmax(int n, int m, double (*B)[m], size_t t)
{
#pragma autotile
	for (int i = 0; i < n / 2; i++)
		for (int j = i > 1 ? i : 1; j < m && j < n; j++)
			if (i + 1 < j && j <= n - 2)
				B[i][j] = B[i][j + 1] * t;
}

void mm(int n, int m, double (*B)[m])
{
#pragma autotile
	for (int i = 0; i <= (n - 1) / 2; i++)
		for (int j = max(i, 1); j < min(m, n); j++)
			B[i][j] = 1;
}

/* mm's bounds: autotile reads min and max from these definitions. */
int max(int a, int b) { return a > b ? a : b; }
int min(int a, int b) { return a < b ? a : b; }
