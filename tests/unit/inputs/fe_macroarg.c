/* Operators inside macro arguments (nussinov's max_score(a, b + c)), and
 * assignments that macros hide, which must not be taken for reads. */
#define N 64
#define MAX2(a, b) ((a) >= (b) ? (a) : (b))
#define SET(a, b) a = b
#define BUMP(x) ((x) += 1.0)
double T[N][N], S[N];

void m_args(void)
{
#pragma autotile
	for (int i = 1; i < N; i++)
		for (int j = 1; j < N; j++)
			T[i][j] = MAX2(T[i][j], T[i - 1][j - 1] + -S[j]);
}

void m_set(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		SET(S[i], T[i][0]);
}

void m_bump(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		S[i] = MAX2(BUMP(T[i][1]), 0.0);
}

void m_ok(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		S[i] = MAX2(S[i] * 2.0, T[i][i] - 1.0);
}
