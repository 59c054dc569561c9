/* The paper's Listing 1.1: three uniform dependences. */
double A[1024][512];

void kernel(void)
{
#pragma autotile
	for (int i = 2; i < 1022; i++)
		for (int j = 2; j < 510; j++)
			A[i][j] = A[i-2][j-1] + A[i-1][j-1] + A[i-1][j-2];
}
