/* Comments between the pragma, the for header and the statement. */
double B[10];
void f(int n) {
#pragma autotile tile(8) /* c */
  /* the kernel */
  for (int i = 0; /* lo */ i < n; i++) // x
    B[i] = /* y */ B[i] + 1 /* z */;
}
