/* LU decomposition in place: non-uniform dependences. */
void kernel(int n, double A[n][n])
{
#pragma autotile
	for (int k = 0; k < n; k++)
		for (int i = k + 1; i < n; i++) {
			A[i][k] = A[i][k] / A[k][k];
			for (int j = k + 1; j < n; j++)
				A[i][j] -= A[i][k] * A[k][j];
		}
}
