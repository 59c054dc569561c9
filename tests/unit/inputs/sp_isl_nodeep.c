/* Two nests in one region that isl's scheduler already gives a band of
 * all their loops each: no "isld" shape (and no second scheduler run). */
double A[60][60], B[60][60], C[60][60];

void f(void)
{
	int i, j;

#pragma scop
	for (i = 0; i < 60; i++)
		for (j = 0; j < 60; j++)
			A[i][j] = B[i][j] * 2.0;
	for (i = 0; i < 60; i++)
		for (j = 0; j < 60; j++)
			C[i][j] = A[j][i] + 1.0;
#pragma endscop
}
