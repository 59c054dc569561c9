/* Like errno_math.c: floating-point exception flags are per thread; 1.0 / 0.0 in a worker thread leaves the main thread's FE_DIVBYZERO clear. */
#include <stdio.h>
#include <fenv.h>
#define N 64
double A[N][N], B[N][N];
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++){A[i][j]=0;B[i][j]=(i*5+j*3)%17 + 1;}
  B[N-1][N-1] = 0.0;
  feclearexcept(FE_ALL_EXCEPT);
#pragma autotile
  for(int i=0;i<N;i++)
    for(int j=0;j<N;j++)
      A[i][j] = 1.0 / B[i][j];
  int dz = fetestexcept(FE_DIVBYZERO) != 0;
  double s=0;
  for(int i=0;i<N-1;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g divbyzero=%d\n",s,dz); return 0;}
