/* Matmul with #define sizes: N, M, K must stay parameters. */
#define N 200
#define M 300
#define K 400
double A[N][K], B[K][M], C[N][M];

void matmul(double alpha)
{
	int i, j, k;
  #pragma autotile tile(32,32) parallel(outer)  // clauses
	for (i = 0; i < N; i++)
		for (j = 0; j < M; ++j)
			for (k = 0; k <= K - 1; k += 1)
				C[i][j] += alpha * A[i][k] * B[k][j];
}
