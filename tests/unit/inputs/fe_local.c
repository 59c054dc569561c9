/* A scalar declared in the nest: its declaration is statement S0. */
#define N 16
double A[N][N], B[N][N], C[N][N];

void k(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			const double acc = C[i][j] * 2;
			for (int k = 0; k < N; k++)
				C[i][j] += acc * A[i][k] * B[k][j];
		}
}
