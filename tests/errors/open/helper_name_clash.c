/* The program defines its own function named at_min; the helpers autotile inserts (guarded only by AT_HELPER_at_min) redefine it: the output does not compile. */
#include <stdio.h>
#define N 40
double A[N][N];
static int at_min(int a, int b) { return a + b; }
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++){A[i][j]=(i*7+j*3)%11;}
#pragma autotile
  for(int i=1;i<N;i++)
    for(int j=1;j<N;j++)
      A[i][j] = A[i-1][j]*0.5 + A[i][j-1]*0.25;
  double s=0; for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g %d\n",s, at_min(2,3)); return 0;}
