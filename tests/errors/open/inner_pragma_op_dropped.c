/* `_Pragma("omp atomic")` on a statement inside the marked nest is
 * dropped from the output without a warning (a `#pragma omp atomic` line
 * there gets "preprocessor directive inside the loop nest").  Inside an
 * enclosing `omp parallel` region every thread runs the nest; the
 * original's updates are atomic, the output's race and lose updates. */
#include <stdio.h>
#define N 4000
double B[1];
int main(void){
#pragma omp parallel
  {
    int dummy = 0;
    (void)dummy;
#pragma autotile
    for(int i=0;i<N;i++)
      for(int j=0;j<N;j++) {
        _Pragma("omp atomic")
        B[0] += 1.0;
      }
  }
  printf("%.17g\n",B[0]); return 0;}
