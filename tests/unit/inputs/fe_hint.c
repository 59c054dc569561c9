/* Parameter values from the calls in the file, for the cost model
 * (PolyBench passes its sizes as arguments): n is 40 in both calls (one
 * through a macro), m differs between them, k is changed by the function,
 * and nobody calls lonely(). */
#define NN 40
double A[100][100];

static void kern(int n, int m, int k)
{
	k = k + 1;
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = k; j < m; j++)
			A[i][j] += 1.0;
}

void lonely(int n)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			A[i][j] = 0.0;
}

/* PolyBench's own sources bound their loops by macros that expand to
 * the size parameters (`#define _PB_N n`): PB_N takes n's value from
 * the call, PB_M, an expression, does not. */
#define PB_N n
#define PB_M (m + 1)

static void aliased(int n, int m)
{
#pragma autotile
	for (int i = 0; i < PB_N; i++)
		for (int j = 0; j < PB_M; j++)
			A[i][j] += 2.0;
}

void caller(void)
{
	kern(NN, 10, 3);
	kern(40, 20, 3);
	aliased(NN, 30);
}
