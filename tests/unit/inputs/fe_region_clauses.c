/* `#pragma autotile` with clauses just above a `#pragma scop` region:
 * the clauses are the region's; the second region, a plain one, has
 * none. */
#define N 64
static double A[N], B[N], C[N];

int main(void)
{
	int i;
#pragma autotile tile(8) scan(TS,LI)  /* a comment is not a clause */
#pragma scop
	for (i = 0; i < N; i++)
		A[i] = 1.0;
	for (i = 0; i < N; i++)
		B[i] = A[i] + 1.0;
#pragma endscop
	C[0] = 0.0;
#pragma scop
	for (i = 1; i < N; i++)
		C[i] = C[i - 1] + B[i];
#pragma endscop
	return (int)C[N - 1];
}
