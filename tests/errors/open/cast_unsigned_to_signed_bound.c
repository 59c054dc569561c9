/* `i < (int)u` with unsigned u = UINT_MAX (-1 as int: no iteration) and `i < (long)ul` with ul = ULONG_MAX: both casts are read as no-ops, so the loops run to N. */
#include <stdio.h>
#define N 60
double A[N][N];
static void f(unsigned u, unsigned long ul) {
#pragma autotile
  for(int i=0;i<N && i<(int)u;i++)
    for(int j=0;j<N;j++)
      A[i][j] += 1.0;
#pragma autotile
  for(long i=0;i<N && i<(long)ul;i++)
    for(int j=0;j<N;j++)
      A[i][j] += 2.0;
}
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
  f(4294967295u, 18446744073709551615ul);
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
