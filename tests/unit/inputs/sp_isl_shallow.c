/* The first statement has one loop, isl's band three members: on S0 two
 * of them are constants, so the band is read over the loops of S1, the
 * deepest statement (at_shape_isl_rows; before session 34 it fell back
 * to I on S0's loops). */
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
