/* j < u + i with u unsigned: at i < -u, C computes u + i as a large
 * unsigned value and j runs to N; autotile reads u + i over the integers
 * (negative: no iteration).  The unsigned check passes: j starts at a
 * literal and the condition has no minus, but i (or any signed
 * parameter) can be negative. */
#include <stdio.h>
#define N 40
double A[N+10][N];
static void f(unsigned u) {
#pragma autotile
  for(int i=-10;i<N;i++)
    for(int j=0;j<N && j<u+i;j++)
      A[i+10][j] += 1.0;
}
int main(void){
  for(int i=0;i<N+10;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
  f(7);
  double s=0;
  for(int i=0;i<N+10;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
