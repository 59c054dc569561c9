/* Borderline (README: "Array parameters are assumed not to alias each other"): here an array parameter aliases a global array, which the README does not mention; the same nest with the parameter written `double (*a)[N]` is versioned with a run-time overlap check and prints the right sum. */
#include <stdio.h>
#define N 40
double A[N][N];
void f(double a[N][N], int n){
#pragma autotile
  for(int i=1;i<n;i++)
    for(int j=1;j<n;j++)
      a[i][j] = A[i-1][j+1] + A[i][j-1];
}
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++){A[i][j]=(i*7+j*3)%11;}
  f(A, N-1);
  double s=0; for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
