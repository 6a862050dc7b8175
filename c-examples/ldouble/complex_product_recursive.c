/* RUN: -n 3
 * EXPECT: verified
 * Each rank holds the complex number (rank + 1) + i as two long doubles (the layout
 * of long double _Complex, C11 6.2.5p13) and rank 0 reduces them with MPI_PROD on
 * MPI_C_LONG_DOUBLE_COMPLEX (MPI 3.1 §5.9.2): (1 + i)(2 + i)(3 + i) = 10i. The real
 * parts also go through a recursive function on long double (kept as a call, not
 * inlined: its argument and result pass through the call) that computes x^n by
 * squaring; 3^40 needs 64 bits of significand, which double lacks, so the
 * assertion holds only in extended precision.
 */
#include <assert.h>
#include <mpi.h>

static long double power(long double x, int n) {
  if (n == 0)
    return 1.0L;
  long double half = power(x, n / 2);
  return n % 2 ? half * half * x : half * half;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long double z[2] = {rank + 1.0L, 1.0L};
  long double product[2];
  MPI_Reduce(z, product, 1, MPI_C_LONG_DOUBLE_COMPLEX, MPI_PROD, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    assert(product[0] == 0.0L && product[1] == 10.0L);
    long double p = power(3.0L, 40);
    /* 3^40 = 12157665459056928801 < 2^64: exact in long double. */
    assert(p == 12157665459056928801.0L);
    assert((unsigned long long)p == 12157665459056928801ULL);
    assert((double)p != p);
  }
  MPI_Finalize();
  return 0;
}
