/* Same, with a variable `short i` outside the nest: the hoisted
 * `typeof (i) q;` now names that short, so q (long in the original)
 * wraps: the output compiles and prints another sum. */
#include <stdio.h>
#define N 40
double A[N][N];
int main(void){
  short i = 7;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
#pragma autotile
  for(long i=1;i<N;i++)
    for(int j=1;j<N;j++) {
      typeof(i) q = i * 1000 + j;
      A[i][j] = A[i-1][j]*0.5 + A[i][j-1] * 0.25 + q;
    }
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g %d\n",s,i); return 0;}
