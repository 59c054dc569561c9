/* A repeated matrix-vector product, y += A x with j (A's rows are
 * contiguous in j) innermost: the innermost-loop features. */
#define NR 9
#define NI 600
#define NJ 500
double A[NI][NJ], x[NI], y[NJ];

void kernel(void)
{
#pragma autotile
	for (int r = 0; r < NR; r++)
		for (int i = 0; i < NI; i++)
			for (int j = 0; j < NJ; j++)
				y[j] += A[i][j] * x[i];
}
