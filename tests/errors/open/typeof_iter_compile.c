/* A local declared in the nest with typeof(iterator): autotile hoists the
 * declaration `typeof (i) q;` to the top of the generated block, where
 * `i` is not declared: the output does not compile. */
#include <stdio.h>
#define N 40
double A[N][N];
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
#pragma autotile
  for(int i=1;i<N;i++)
    for(int j=1;j<N;j++) {
      typeof(i) q = i * 3 - j;
      A[i][j] = A[i-1][j]*0.5 + A[i][j-1] * 0.25 + q;
    }
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
