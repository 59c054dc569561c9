/* Nests that must be rejected, one problem each; the last one is fine. */
#include <stdio.h>
#define N 100
double A[N][N], B[N];
int idx[N];
struct pt { double x; } P[N];
void foo(double *);

void r_nonaffine(void)
{
#pragma autotile
	for (int i = 0; i < 10; i++)
		for (int j = 0; j < 10; j++)
			B[i * j] = 0;
}

void r_indirect(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		B[idx[i]] += 1;
}

void r_call(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		B[i] = printf("%d", i);
}

void r_break(void)
{
#pragma autotile
	for (int i = 0; i < N; i++) {
		if (i > 5)
			break;
		B[i] = 1;
	}
}

void r_goto(void)
{
#pragma autotile
	for (int i = 0; i < N; i++) {
		B[i] = 1;
		goto out;
	}
out:
	return;
}

void r_notfor(void)
{
#pragma autotile
	B[0] = 1;
}

void r_bound_written(int n)
{
#pragma autotile
	for (int i = 0; i < n; i++)
		n = n - 1;
}

void r_iter_written(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			i = j;
}

void r_double_iter(void)
{
#pragma autotile
	for (double x = 0; x < 10; x++)
		B[0] += x;
}

void r_decl(void)
{
#pragma autotile
	for (int i = 0; i < N; i++) {
		double t[2];	/* an array: rejected */
		t[0] = B[i];
		B[i] = t[0] * t[0];
	}
}

void r_ptr_assign(int n, double *x, double *y)
{
#pragma autotile
	for (int i = 0; i < n; i++) {
		y[i] = x[i];
		x = y;
	}
}

void r_deref(double *p)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		B[i] = *p;
}

void r_member(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		B[i] = P[i].x;
}

void r_while(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		while (B[i] > 1)
			B[i] /= 2;
}

void r_dims(void)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		foo(A[i]);
}

void r_nonint_bound(double lim)
{
#pragma autotile
	for (int i = 0; i < lim; i++)
		B[i] = 0;
}

void r_not_equal(void)
{
#pragma autotile
	for (int i = 0; i != N; i++)
		B[i] = 0;
}

void r_ok(double *restrict a, const double *restrict b)
{
#pragma autotile
	for (int i = 0; i < N; i++)
		a[i] = b[i];
}
