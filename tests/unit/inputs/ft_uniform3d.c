/* Four uniform flow dependences in 3-D: distances (1,0,0), (0,1,-1),
 * (0,0,1) (the extreme rays of the cone) and (1,1,2) = (1,0,0) + (0,1,-1)
 * + 3 (0,0,1) (inside the cone). */
double A[64][64][64];

void kernel(void)
{
#pragma autotile
	for (int i = 1; i < 64; i++)
		for (int j = 1; j < 64; j++)
			for (int k = 2; k < 62; k++)
				A[i][j][k] = A[i-1][j][k] + A[i][j-1][k+1] + A[i][j][k-1] * 0.5 + A[i-1][j-1][k-2] / 3.0;
}
