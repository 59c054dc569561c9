// unsignedwrap.c — loop bounds where C's arithmetic differs from the
// integers autotile reads: an unsigned `n + 1` at n = UINT_MAX is 0 (the
// loop runs no iteration; the generated at_lmin((long)n + 1, 99) ran
// 100, and so did `if (j < n + 1)`), an unsigned `m * 2u` at m = 2^31
// is 0, and a start `short i = n` at n = 65556 is 20 (the generated loop
// started from 65556 and ran none of 180 iterations).  Until session 61
// all four were transformed,
// even under --strategy none, and printed other sums; found by a
// helper's probe programs.  Now an unsigned `+`, `*` or `<<` in a
// condition, and a start of a wider type or other signedness than its
// iterator (not a constant that fits), leave the nest unchanged with a
// warning; so does a subscript computed in unsigned int with a constant
// or coefficient beyond INT_MAX (`B[i + 4294967295u]` is B[i - 1], whose
// dependence autotile read at distance 4294967295 and some candidates
// ran in SIMD); a start `short i = 3` and a bound `j < n` still tile.
// A nest whose parameter has a 64-bit unsigned type (`huge`: the
// generated code reads `(long)n`, -1 at n = ULONG_MAX, so it ran no
// iteration of 100) is transformed under `n <= LONG_MAX` and runs as
// written otherwise; so is one whose parameter is a macro expanding to
// such an expression (`hugemacro`: `HM`, `HC`; until session 62 only
// variables were versioned, and it printed another sum).
// All must print what the original prints, with and without OpenMP.
// expect-exit: 0
// expect-args: --strategy fixed:8
// expect-diag: 41:3: warning: autotile: loop `j` counts or compares in an unsigned type.*no unsigned `\+`, `\*` or `<<` in the condition
// expect-diag: 49:3: warning: autotile: loop `j` counts or compares in an unsigned type.*no unsigned `\+`, `\*` or `<<` in the condition
// expect-diag: 56:17: warning: autotile: the start of loop `i` has a type wider than its iterator's `short`
// expect-diag: 75:16: warning: autotile: subscript `i \+ 4294967295u` of `B` is computed in an unsigned type of 32 bits
// expect-diag: [0-9]+:[0-9]+: warning: autotile: condition `j < n \+ 1` of `if` compares in an unsigned type
// expect-kept: at_lfloord((long)n - 1, 8)
// expect-kept: if (n <= 9223372036854775807UL) {
// expect-kept: if (HM <= 9223372036854775807UL && HC <= 9223372036854775807UL) {
#include <stdio.h>

static double A[64][128], B[200][40], C[64][64];

static void plus(unsigned n)
{
#pragma autotile
	for (unsigned i = 1; i < 40; i++)
		for (unsigned j = 0; j < n + 1 && j < 100; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j + 1] * 0.25;
}

static void times(unsigned m)
{
#pragma autotile
	for (unsigned i = 1; i < 40; i++)
		for (unsigned j = 0; j < m * 2u && j < 100; j++)
			A[i][j] = A[i - 1][j] * 0.25 + A[i][j + 1] * 0.5;
}

static void narrow(int n)
{
#pragma autotile
	for (short i = n; i < 200; i++)
		for (int j = 1; j < 40; j++)
			B[i][j] = B[i][j - 1] * 0.5 + i;
}

static void cond(unsigned n)
{
#pragma autotile
	for (unsigned i = 1; i < 40; i++)
		for (unsigned j = 0; j < 100; j++)
			if (j < n + 1)
				A[i][j] = A[i - 1][j] * 0.125 + A[i][j + 1];
}

static void back(unsigned n)
{
#pragma autotile
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = 0; j < 40; j++)
			B[i][j] = B[i + 4294967295u][j] * 0.5 + B[i][j] * 0.25;
}

static void huge(unsigned long n)
{
#pragma autotile
	for (unsigned long i = 1; i < 40; i++)
		for (unsigned long j = 0; j < n && j < 100; j++)
			A[i][j] = A[i - 1][j] * 0.5 + A[i][j + 1] * 0.375;
}

#define HM ((unsigned long)m)
#define HC 18446744073709551615UL

static void hugemacro(unsigned long m)
{
#pragma autotile
	for (unsigned long i = 1; i < HM && i < 40; i++)
		for (unsigned long j = 0; j < HC && j < 100; j++)
			A[i][j] = A[i - 1][j] * 0.25 + A[i][j + 1] * 0.625;
}

static void fits(unsigned n)
{
#pragma autotile
	for (short i = 3; i < 64; i++)
		for (unsigned j = 1; j < n; j++)
			C[i][j] = C[i - 1][j] * 0.5 + C[i][j - 1] * 0.25;
}

int main(void)
{
	double s = 0;

	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 128; j++)
			A[i][j] = (i * 7 + j) % 5;
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++)
			C[i][j] = (i + 3 * j) % 7;
	plus(4294967295u);
	times(2147483648u);
	narrow(65556);
	back(200);
	cond(4294967295u);
	huge(18446744073709551615UL);
	hugemacro(18446744073709551615UL);
	fits(64);
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 128; j++)
			s += A[i][j] * (i + j + 1);
	for (int i = 0; i < 200; i++)
		for (int j = 0; j < 40; j++)
			s += B[i][j] * (i * 3 + j + 1);
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++)
			s += C[i][j] * (i + 5 * j + 1);
	printf("%.17g\n", s);
	return 0;
}
