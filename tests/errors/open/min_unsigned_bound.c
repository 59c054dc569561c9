/* The j loop's bound MIN(i, u) compares int i with unsigned u.  At
 * i < 0, C converts i to a large unsigned value, so MIN gives u and j runs
 * u times; autotile reads min(i, u) over the integers (no iterations).
 * The unsigned check passes because j starts at a literal and the
 * condition has no minus, but the outer iterator i is negative. */
#include <stdio.h>
#include <sys/param.h>
#define N 40
double A[N+8][N];
static void f(unsigned u) {
#pragma autotile
  for(int i=-5;i<N;i++)
    for(int j=0;j<MIN(i,u);j++)
      A[i+5][j] += 1.0;
}
int main(void){
  for(int i=0;i<N+8;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
  f(7);
  double s=0;
  for(int i=0;i<N+8;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
