/* Forward substitution with 9 right-hand sides (autotile-gen's
 * triangular class): isl's scheduler puts the parallel r loop first in
 * its band, so the band's rows are not the loops in order. */
double L[100][100], X[100][9];

void fsub(void)
{
#pragma autotile
	for (int i = 0; i < 100; i++) {
		for (int j = 0; j < i; j++)
			for (int r = 0; r < 9; r++)
				X[i][r] -= L[i][j] * X[j][r];
		for (int r = 0; r < 9; r++)
			X[i][r] /= L[i][i];
	}
}
