/* Two statements of different depth in one band (a matrix product with
 * its scaling): under isl's band the k member is constant for the first,
 * so its innermost loop is the last of i and j in the point order. */
#define NI 39
#define NJ 31
#define NK 23
double A[NI][NK], B[NK][NJ], C[NI][NJ];

void kernel(void)
{
#pragma autotile
	for (int i = 1; i <= NI - 1; i++)
		for (int j = 0; j < NJ; j++) {
			C[i][j] = 0.05 * C[i][j];
			for (int k = 0; k <= NK - 2; k++)
				C[i][j] += A[i][k] * B[k][j];
		}
}
