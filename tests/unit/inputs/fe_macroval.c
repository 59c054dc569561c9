/* Parameters get the values clang gives them, for the cost model.
 * Macros: NJ 30 (50 with -DNJ=50), LD (a row length that is an
 * expression) 32 (52), SHIFT 16, NEG -3, SZ 32 (through sizeof); NV
 * expands to a variable, whose value is not known. */
#ifndef NJ
#define NJ 30
#endif
#define LD (NJ + 2)
#define SHIFT (1 << 4)
#define NEG (-3)
#define SZ ((int)sizeof(double) * 4)
#define NV nv
double A[100 * 40], B[64][64];

void rows(int nv)
{
#pragma autotile
	for (int i = 0; i < NV; i++)
		for (int j = 0; j < NJ; j++)
			A[i * LD + j] = A[(i + 1) * LD + j] + 1.0;
#pragma autotile
	for (int i = SHIFT; i < SZ; i++)
		for (int j = 0; j < SZ + NEG; j++)
			B[i][j] = B[i + NEG][j] * 0.5;
}

/* An enum constant and a const variable with a constant initializer get
 * their values too: NB 12, NC 7; a const parameter gets none. */
enum { NB = 12 };
static const int NC = NB - 5;

void consts(const int np)
{
#pragma autotile
	for (int i = 0; i < NB; i++)
		for (int j = 0; j < NC + np; j++)
			B[i][j] = B[i][j + 1] * 0.5;
}
