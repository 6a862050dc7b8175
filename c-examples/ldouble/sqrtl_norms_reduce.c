/* RUN: -n 3
 * EXPECT: verified
 * Each rank computes the Euclidean norm of its block of a vector in long double with
 * sqrtl (C11 7.12.7.5; glibc's sqrtl on x86-64 is the x87 fsqrt instruction, the
 * square root rounded once to 64 bits), and rank 0 combines the squared norms with
 * MPI_Reduce on MPI_LONG_DOUBLE (MPI 3.1 §5.9.2) and takes the root of the sum. The
 * texts of the results, with 21 significant digits (enough to tell every long double
 * apart), are compared with those a native run printed, including the root of a
 * denormal (whose root is a normal number) and of a value near LDBL_MAX; isnan, isinf,
 * isfinite, isnormal and fpclassify classify long doubles from their x87 bits.
 */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static void expect(long double x, const char *native) {
    char text[64];
    snprintf(text, sizeof text, "%.20Le", x);
    if (strcmp(text, native) != 0) {
        printf("%s, native %s\n", text, native);
        assert(0);
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    long double sq = 0, total = 0;
    for (int i = 0; i < 4; i++) {
        long double v = (rank * 4 + i + 1) / 7.0L;
        sq += v * v;
    }
    long double norm = sqrtl(sq);
    MPI_Reduce(&sq, &total, 1, MPI_LONG_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        long double one = 1 + 0 * total;
        expect(norm, "7.82460796435951590623e-01");
        expect(sqrtl(total), "3.64215679542341773584e+00");
        expect(sqrtl(2 * one), "1.41421356237309504876e+00");
        expect(sqrtl(1e-4940L * one), "9.99999999998026625996e-2471");
        expect(sqrtl(1e4000L * one), "9.99999999999999999983e+1999");
        /* Classification of long doubles (C11 7.12.3). */
        assert(isnan(sqrtl(-one)) && !isnan(one));
        assert(isinf(one / (0 * one)) && isinf(-one / (0 * one)) < 0);
        assert(!isinf(1e4000L * one) && isfinite(1e4000L * one));
        assert(fpclassify(1e-4940L * one) == FP_SUBNORMAL && fpclassify(0 * one) == FP_ZERO);
        assert(fpclassify(one) == FP_NORMAL && isnormal(LDBL_MIN * one));
        assert(!isnormal(LDBL_MIN / 2 * one) && signbit(-one));
    }
    MPI_Finalize();
    return 0;
}
