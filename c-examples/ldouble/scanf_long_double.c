/* RUN: -n 1
 * EXPECT: verified
 * sscanf's %Lf, %Le, %Lg store a long double rounded once from the decimal text (C11
 * 7.21.6.2p12 and 7.22.1.3p9: as strtold, correctly rounded by glibc), not from a double:
 * 0.1 read as long double differs from 0.1 read as double and widened (the last field
 * of the text). The text printed with %.25Lg is the one glibc printed natively on x86-64.
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <assert.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  long double a, b, c; double d;
  int n = sscanf("0.1 -2.5e-3 123456789012345678901 0.1", "%Lf %Le %Lg %lf", &a, &b, &c, &d);
  assert(n == 4);
  char buf[200];
  snprintf(buf, sizeof buf, "%.25Lg %.25Lg %.25Lg %d", a, b, c, a == (long double)d);
  printf("%s\n", buf);
  assert(strcmp(buf, "0.1000000000000000000013553 -0.002499999999999999999949178 123456789012345678904 0") == 0);
  MPI_Finalize();
  return 0;
}
