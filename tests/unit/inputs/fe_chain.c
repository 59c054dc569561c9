/* Chained assignments (PolyBench's deriche: `a1 = a5 = k;`): every
 * target of a chain of plain `=` is written; an assignment of another
 * kind inside the right-hand side still leaves the nest unchanged. */
double A[50][50], B[50][50];

void chain(double k)
{
	double a, b;
	int i, j;

#pragma scop
	a = b = k * 2.0;
	for (i = 0; i < 50; i++)
		for (j = 0; j < 50; j++)
			A[i][j] = (B[j][i] = a * (double)(i + j) + b);
#pragma endscop
}

void compound(double k)
{
	double b = 0;

#pragma autotile
	for (int i = 0; i < 50; i++)
		A[i][0] = b += k;
}
