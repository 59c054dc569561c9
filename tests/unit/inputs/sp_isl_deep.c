/* 2mm's two matrix products in one region: isl's scheduler fuses them on
 * i, a band of one loop, and nothing is left to tile; scheduled one
 * product at a time with its deepest bands ("isld"), each gets a band of
 * i, j and k. */
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
double tmp[NI][NJ], A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL];

void f(double alpha, double beta)
{
	int i, j, k;

#pragma scop
	for (i = 0; i < NI; i++)
		for (j = 0; j < NJ; j++) {
			tmp[i][j] = 0.0;
			for (k = 0; k < NK; ++k)
				tmp[i][j] += alpha * A[i][k] * B[k][j];
		}
	for (i = 0; i < NI; i++)
		for (j = 0; j < NL; j++) {
			D[i][j] *= beta;
			for (k = 0; k < NJ; ++k)
				D[i][j] += tmp[i][k] * C[k][j];
		}
#pragma endscop
}
