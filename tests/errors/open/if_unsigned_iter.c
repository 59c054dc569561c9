#include <stdio.h>
#define N 40
double A[N][N];
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
#pragma autotile
  for(unsigned i=0;i<N;i++)
    for(unsigned j=0;j<N;j++)
      if (j - i < 3) A[i][j] += 1.0;
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
