/* RUN: -n 3
 * EXPECT: verified
 * Each rank adds 1e19 and then its rank + 1 in long double (x87 80-bit, 64-bit
 * significand): 1e19 + 1 - 1e19 is 1 in long double but 0 in double, so the
 * assertions hold only if the checker computes in extended precision. The partial
 * sums, minus 1e19, are reduced with MPI_SUM on MPI_LONG_DOUBLE (MPI 3.1 §5.9.2:
 * long double is a floating-point type of the C binding); MPI_MAX too. Rank 0
 * formats the result with %Lf and %Le (C11 7.21.6.1: the L modifier) and checks
 * the text, so printf's exact decimal conversion is checked too.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static long double accumulate(long double base, int n) {
  long double acc = base;
  for (int i = 1; i <= n; i++)
    acc += 1.0L;
  return acc - base;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  long double mine = accumulate(1e19L, rank + 1);
  /* In double, 1e19 + 1 == 1e19: only extended precision keeps the ones. */
  assert(mine == (long double)(rank + 1));

  long double third = 1.0L / 3;
  long double parts[2] = {mine, third * (rank + 1)};
  long double total[2], largest[2];
  MPI_Reduce(parts, total, 2, MPI_LONG_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(parts, largest, 2, MPI_LONG_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    assert(total[0] == (long double)(size * (size + 1) / 2));
    assert(largest[0] == (long double)size);
    char text[64];
    snprintf(text, sizeof text, "%.20Lf", third);
    assert(strcmp(text, "0.33333333333333333334") == 0);
    snprintf(text, sizeof text, "%.3Le|%Lg|%Lf", 1e19L + 1, total[1], total[0]);
    printf("%s\n", text);
    assert(strcmp(text, "1.000e+19|2|6.000000") == 0);
  }
  MPI_Finalize();
  return 0;
}
