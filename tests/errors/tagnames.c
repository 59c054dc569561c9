// tagnames.c — names spelled like an iterator that are not the
// iterator: a struct, union or enum tag (`sizeof(struct j)`, `(enum i)`)
// and a function-like macro (`j(3)`, while `j` alone is the iterator).
// They were renamed with the iterator, `sizeof(struct (c3))` and
// `(c3)(3)`, so the output did not compile.  Found by a helper's probe
// programs (session 59); such a token now keeps its name.
// expect-exit: 0
// expect-kept: sizeof(struct j)
// expect-kept: (enum i)GREEN
// expect-kept: sizeof(union k)
// expect-kept: j(3)
// expect-gone: B[i][j] = A[j][i] * sizeof(struct j) + (enum i)GREEN + sizeof(union k) + j(3) + j;
#include <stdio.h>

#define N 40
#define j(x) ((x) * 2)

struct j {
	double x[3];
};
enum i { RED = 2, GREEN };
union k {
	int a;
	double b;
};

double A[N][N], B[N][N];

int main(void)
{
	double s = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] = (i * 7 + j * 3) % 11 * 0.37;
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = A[j][i] * sizeof(struct j) + (enum i)GREEN + sizeof(union k) + j(3) + j;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += B[i][j] * (i + 1) + j;
	printf("%.17g\n", s);
	return 0;
}
