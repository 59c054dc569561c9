/* A 1-D three-point stencil with its time steps kept in one array: the
 * distances (1,-1), (1,0), (1,1) span a symmetric cone, whose facet
 * normals (1,1) and (1,-1) give diamond tiles. */
void kernel(int n, int tsteps, double A[tsteps][n])
{
#pragma autotile
	for (int t = 1; t < tsteps; t++)
		for (int i = 1; i < n - 1; i++)
			A[t][i] = 0.33 * (A[t - 1][i - 1] + A[t - 1][i] + A[t - 1][i + 1]);
}
