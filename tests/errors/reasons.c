// reasons.c — refusals whose reasons were wrong or broken (session 64's
// probe): a label in the nest was quoted over two lines ("unsupported
// statement `here:\n A[i][j] ...`"); a `switch` was quoted cut off mid-
// statement; a bound macro `D0` expanding to `dims[0]` was told to put
// its definition in parentheses (which did not help: an array element is
// no parameter); a reversed subscript `j[a]` said "`j` has 0 dimensions".
// expect-exit: 0
// expect-identical: yes
// expect-diag: 24:1: warning: autotile: a label inside the loop nest; loop nest left unchanged
// expect-diag: 34:3: warning: autotile: `switch` inside the loop nest; loop nest left unchanged
// expect-diag: 40:22: warning: autotile: macro `D0` expands to more than integer arithmetic.*an array element
// expect-diag: 50:4: warning: autotile: reversed subscript `j\[a\]` .*write it as array\[index\]
#include <stdio.h>

static double A[40][40], a[40];
static int dims[1] = { 40 };
#define D0 dims[0]

static void label(void)
{
#pragma autotile
	for (int i = 1; i < 40; i++)
		for (int j = 0; j < 40; j++) {
here:
			A[i][j] += A[i - 1][j] * 0.5;
		}
}

static void sw(void)
{
#pragma autotile
	for (int i = 1; i < 40; i++)
		for (int j = 0; j < 40; j++)
		switch (j) { case 1: A[i][j] = 0; break; default: A[i][j] += 1; }
}

static void macroelem(void)
{
#pragma autotile
	for (int i = 1; i < D0; i++)
		for (int j = 0; j < 40; j++)
			A[i][j] += A[i - 1][j];
}

static void reversed(void)
{
#pragma autotile
	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40; j++)
			j[a] += i;
}

int main(void)
{
	double s = 0;

	label();
	sw();
	macroelem();
	reversed();
	for (int i = 0; i < 40; i++)
		for (int j = 0; j < 40; j++)
			s += A[i][j] * (i + 1) + a[j];
	printf("%a\n", s);
	return 0;
}
