/* The nest uses variables named c0 and at_c0.  Because c0 is taken,
 * autotile names its iterators at_c0, at_c1, ... without checking that
 * at_c0 is free: the statement's `at_c0` now reads the tile counter. */
#include <stdio.h>
#define N 40
double A[N][N];
static void f(int c0, int at_c0) {
#pragma autotile
  for(int i=1;i<N;i++)
    for(int j=1;j<N;j++)
      A[i][j] = A[i-1][j]*0.5 + A[i][j-1]*0.25 + c0 + at_c0;
}
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
  f(1, 2);
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
