/* autotile reads `if (j - 20 < u)` (u unsigned) as the integer constraint
 * j - 20 < u; C converts j - 20 to unsigned, so it holds only for
 * 20 <= j < 20 + u. */
#include <stdio.h>
#define N 40
double A[N][N];
static void f(unsigned u) {
#pragma autotile
  for(int i=0;i<N;i++)
    for(int j=0;j<N;j++)
      if (j - 20 < u) A[i][j] += 1.0;
}
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
  f(5);
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
