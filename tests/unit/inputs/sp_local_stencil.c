/* A time-iterated stencil through scalars declared in the nest: one
 * copy of c and n2 per (t, i); rect tiles are illegal, skewed ones are
 * not. */
#define N 40
#define T 8
double A[N];

void kernel(void)
{
#pragma autotile
	for (int t = 0; t < T; t++)
		for (int i = 1; i < N - 1; i++) {
			double c = A[i];
			double n2 = A[i - 1] + A[i + 1];
			A[i] = 0.5 * c + 0.25 * n2;
		}
}
