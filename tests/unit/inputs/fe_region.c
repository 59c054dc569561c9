/* A PolyBench-style region: two top-level loops (jacobi-1d). */
#define TSTEPS 20
#define N 2000
static double A[N], B[N];

int main(void)
{
	int t, i;
#pragma scop
	for (t = 0; t < TSTEPS; t++) {
		for (i = 1; i < N - 1; i++)
			B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
		for (i = 1; i < N - 1; i++)
			A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
	}
	for (i = 0; i < N; i++)
		A[i] = A[i] + 1;
#pragma endscop
	return (int)A[1];
}
