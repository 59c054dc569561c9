/* Copies of one nest and near copies, for at_deps_memo_compute: the
 * second nest is the first's copy, the third shifts a read, the fourth
 * runs i downwards, the fifth keeps its sum in a block-local scalar; the
 * sixth is two statements in one loop and the seventh the same two in a
 * loop each. */
void kernel(int n, double A[n][n], double B[n][n])
{
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] + A[i][j - 1];
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] + A[i][j - 1];
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] + A[i - 1][j - 1];
#pragma autotile
	for (int i = n - 1; i >= 1; i--)
		for (int j = 1; j < n; j++)
			A[i][j] = A[i - 1][j] + A[i][j - 1];
#pragma autotile
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++) {
			double s = A[i - 1][j] + A[i][j - 1];
			B[i][j] = s * s;
		}
#pragma autotile
	for (int i = 1; i < n; i++) {
		A[i][0] = B[i][0] + 1;
		B[i][1] = A[i - 1][0];
	}
#pragma autotile
#pragma scop
	for (int i = 1; i < n; i++)
		A[i][0] = B[i][0] + 1;
	for (int i = 1; i < n; i++)
		B[i][1] = A[i - 1][0];
#pragma endscop
}
