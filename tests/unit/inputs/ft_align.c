/* Array byte sizes for the alignment features (at_array, align_*): A's
 * rows are N = 200 doubles (1600 bytes = 2^6 * 25), its planes 200 rows
 * (320000 = 2^9 * 625) and the whole array 10 planes (3200000 = 2^10 *
 * 3125); x is 4096 ints (16384 = 2^14); B points to rows of 99 floats
 * (396 = 2^2 * 99; no whole size); C's rows have a variable length (no
 * size at all).  The largest: row 6, plane 9, whole array 14. */
#define N 200

double A[10][N][N];
int x[4096];

void kernel(int n, float (*restrict B)[99], double C[n][n])
{
#pragma autotile
	for (int t = 0; t < 10; t++)
		for (int i = 1; i < 99; i++)
			for (int j = 0; j < 99; j++)
				A[t][i][j] = A[t][i - 1][j] + B[i][j] + C[i][j] + x[j];
}
