/* Cache-set conflicts of a tile (set_l1_log2, set_l2_log2): A's rows are
 * 512 doubles (4096 bytes = 2^12), so every row of A starts in the same
 * set of a cache with 4 KiB ways and every 16th in the same set of one
 * with 64 KiB ways; B's rows are 500 doubles (4000 = 2^5 * 125 bytes):
 * 128 rows before a set repeats in 4 KiB; C's rows have a variable
 * length (stride not known: no conflict assumed). */
double A[512][512], B[500][500];

void kernel(int n, double C[n][n])
{
#pragma autotile
	for (int i = 0; i < 500; i++)
		for (int j = 0; j < 500; j++)
			A[i][j] = B[i][j] + C[i][j];
}
