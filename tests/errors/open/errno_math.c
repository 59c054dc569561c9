/* The "pure" math functions autotile accepts set errno (gcc default
 * -fmath-errno; here sqrt(-1) sets EDOM = 33).  errno is per thread: in
 * the parallelized output the failing call runs on a worker thread and the
 * main thread reads errno == 0 after the nest. */
#include <stdio.h>
#include <math.h>
#include <errno.h>
#define N 64
double A[N][N], B[N][N];
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++){A[i][j]=(i*5+j*3)%17 + 1;B[i][j]=0;}
  A[N-1][N-1] = -1.0;
  errno = 0;
#pragma autotile
  for(int i=0;i<N;i++)
    for(int j=0;j<N;j++)
      B[i][j] = sqrt(A[i][j]);
  int e = errno;
  double s=0;
  for(int i=0;i<N-1;i++)for(int j=0;j<N;j++) s+=B[i][j]*(i+1)+j;
  printf("%.17g errno=%d\n",s, e); return 0;}
