#include <stdio.h>
#define N 64
static double A[N][N];
#pragma omp threadprivate(A)
static double B[N][N];
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++){A[i][j]=0;B[i][j]=(i*5+j*3)%17;}
#pragma autotile
  for(int i=0;i<N;i++)
    for(int j=0;j<N;j++)
      A[i][j] = B[j][i] * 2 + 1;
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
