/* RUN: -n 2
 * EXPECT: verified
 * Complex division and multiplication in float, double and long double (C11 6.2.5p11,
 * G.5.1). Clang divides _Complex values by calling the runtime library (__divsc3,
 * __divdc3, __divxc3) and multiplies inline, calling __mulsc3/__muldc3/__mulxc3 only
 * when both parts of the product come out NaN. The checker computes what x86-64's
 * libgcc computes: float quotients by the textbook formula in double, double and long
 * double ones by Smith's algorithm with scaling of tiny and huge divisors, and Annex G's
 * infinities (1/0 is infinite, inf/finite infinite, finite/inf zero). Each rank formats
 * its results with %a (%.20Le for long double: 21 digits tell all 64-bit significands
 * apart) and compares them with the texts a native run printed; the operands come from
 * the rank number so that nothing is folded at compile time.
 * Rank 0 then receives rank 1's double quotient as MPI_C_DOUBLE_COMPLEX.
 */
#include <assert.h>
#include <complex.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static char text[8][160];

static void check(int i, const char *expected) {
    if (strcmp(text[i], expected) != 0) {
        printf("result %d: %s, expected %s\n", i, text[i], expected);
        assert(0);
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double one = 1 + rank * 0; /* 1 at run time */

    float _Complex fa = 1.5f * one + 2.0f * I, fb = (0.5f - one * I) * (rank + 1);
    float _Complex fq = fa / fb;
    snprintf(text[0], sizeof text[0], "%a %a", crealf(fq), cimagf(fq));

    double _Complex a = one + 3.0 * I, b = 2.0 - one * I * (rank + 1);
    double _Complex q = a / b, p = a * b;
    snprintf(text[1], sizeof text[1], "%a %a %a %a", creal(q), cimag(q), creal(p), cimag(p));

    /* A divisor whose squared modulus would underflow, and one that would overflow. */
    double _Complex tiny = a / (1e-300 * one + 2e-300 * I);
    double _Complex huge = a / (1e300 * one - 3e300 * I);
    snprintf(text[2], sizeof text[2], "%a %a %a %a", creal(tiny), cimag(tiny), creal(huge),
             cimag(huge));

    /* Annex G: nonzero / zero, infinite / finite, finite / infinite. */
    double zero = 0 * one, inf = one / zero;
    double _Complex z1 = a / (zero + zero * I);
    double _Complex z2 = (inf + one * I) / b;
    double _Complex z3 = a / (inf + one * I);
    snprintf(text[3], sizeof text[3], "%g %g %g %g %g", creal(z1), creal(z2), cimag(z2),
             creal(z3), cimag(z3));

    long double _Complex la = 1.5L * one + 2.0L * I, lb = (0.7L - one * I) * (rank + 1);
    long double _Complex lq = la / lb, lp = la * lb;
    snprintf(text[4], sizeof text[4], "%.20Le %.20Le %.20Le %.20Le", creall(lq), cimagl(lq), creall(lp),
             cimagl(lp));
    long double _Complex lt = la / (1e-4000L * one + 1e-4001L * I);
    snprintf(text[5], sizeof text[5], "%.20Le %.20Le", creall(lt), cimagl(lt));

    if (rank == 0) {
        check(0, "-0x1p+0 0x1p+1");
        check(1, "-0x1.999999999999ap-3 0x1.6666666666666p+0 0x1.4p+2 0x1.4p+2");
        check(2, "0x1.0b95d9266b8bap+997 0x1.31cfd3999f7bp+994 -0x1.124e63593f5ep-997 "
                 "0x1.9b759505df0d1p-998");
        check(3, "inf inf inf 0 0");
        check(4, "-6.37583892617449664482e-01 1.94630872483221476518e+00 "
                 "3.04999999999999999996e+00 -1.00000000000000000022e-01");
        check(5, "1.68316831683168316830e+4000 1.83168316831683168324e+4000");
    } else {
        check(0, "-0x1p-1 0x1p+0");
        check(1, "-0x1p-1 0x1p+0 0x1p+3 0x1p+2");
    }

    double _Complex from1;
    if (rank == 1)
        MPI_Send(&q, 1, MPI_C_DOUBLE_COMPLEX, 0, 0, MPI_COMM_WORLD);
    else {
        MPI_Recv(&from1, 1, MPI_C_DOUBLE_COMPLEX, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(creal(from1) == -0.5 && cimag(from1) == 1.0);
    }
    MPI_Finalize();
    return 0;
}
