/* In-place Gauss-Seidel 2-D with a time loop. */
void kernel(int n, int tsteps, double A[n][n])
{
#pragma autotile
	for (int t = 0; t < tsteps; t++)
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i + 1][j] + A[i][j + 1]) / 5.0;
}
