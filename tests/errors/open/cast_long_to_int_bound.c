/* `i < (int)n` with a long n: the cast narrows (n = 2^32 + 40 gives 40 with gcc), but autotile reads it as a no-op (i < n), so the i loop runs to N = 60.  The README says a cast to a narrower type leaves the nest unchanged with a warning. */
#include <stdio.h>
#define N 60
double A[N][N];
static void f(long n) {
#pragma autotile
  for(int i=0;i<N && i<(int)n;i++)
    for(int j=0;j<N;j++)
      A[i][j] += 1.0;
}
int main(void){
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) A[i][j]=(i*5+j*3)%17;
  f(4294967296L + 40);
  double s=0;
  for(int i=0;i<N;i++)for(int j=0;j<N;j++) s+=A[i][j]*(i+1)+j;
  printf("%.17g\n",s); return 0;}
