/* The first statement has one loop, isl's band three members: on S0 two
 * of them are constants, so the band cannot be read over S0's loops and
 * the isl shape keeps I on the first loops (at_shape_isl_rows' fallback). */
double x[100], A[100][100], B[100][100];

void f(void)
{
#pragma autotile
	for (int i = 0; i < 100; i++) {
		x[i] = x[i] * 0.5 + 1.0;
		for (int j = 0; j < 100; j++)
			for (int k = 0; k < 100; k++)
				A[j][k] = A[j][k] * x[i] + B[k][j];
	}
}
