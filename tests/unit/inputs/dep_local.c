/* A matrix product through an accumulator declared in the nest. */
#define N 16
double A[N][N], B[N][N], C[N][N];

void k(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double acc = 0;
			for (int k = 0; k < N; k++)
				acc += A[i][k] * B[k][j];
			C[i][j] = acc;
		}
}
