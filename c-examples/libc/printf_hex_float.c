/* RUN: -n 2
 * EXPECT: verified
 * printf's %a and %A (C11 7.21.6.1p8: hexadecimal floating point) with precisions and
 * flags, on double and long double values computed at run time. Each text is compared
 * with the one glibc printed in a native run on x86-64: a double's leading digit is its
 * integer bit (0x0.0000000000001p-1022 for the smallest subnormal), a long double's the
 * top four bits of its 64-bit significand (1.0L is 0x8p-3); a precision rounds to
 * nearest with ties to even, a carry makes the leading digit 2 for a double and
 * renormalizes a long double (0x1p+8); the 0 flag pads after "0x", never an infinity.
 * Rank 1 sends its formatted text to rank 0, which compares it too.
 */
#include <assert.h>
#include <float.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static void expect(const char *format, double x, const char *native) {
    char text[64];
    snprintf(text, sizeof text, format, x);
    if (strcmp(text, native) != 0) {
        printf("%s: %s, native %s\n", format, text, native);
        assert(0);
    }
}

static void expect_long(const char *format, long double x, const char *native) {
    char text[64];
    snprintf(text, sizeof text, format, x);
    if (strcmp(text, native) != 0) {
        printf("%s: %s, native %s\n", format, text, native);
        assert(0);
    }
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double one = 1 + 0 * rank;
    char mine[64], theirs[64];
    if (rank == 0) {
        expect("%a", one, "0x1p+0");
        expect("%A", -one, "-0X1P+0");
        expect("%a", 0.1 * one, "0x1.999999999999ap-4");
        expect("%.3a", 0.1 * one, "0x1.99ap-4");
        expect("%.0a", 3 * one, "0x2p+1");
        expect("%#.0a", 3 * one, "0x2.p+1");
        expect("%.1a", 1.9999999 * one, "0x2.0p+0");
        expect("%a", DBL_TRUE_MIN * one, "0x0.0000000000001p-1022");
        expect("%+.2A", 0x1.8p-1030 * one, "+0X0.02P-1022");
        expect("%020a", one, "0x000000000000001p+0");
        expect("%-10a|", 3 * one, "0x1.8p+1  |");
        expect("% a", 0 * one, " 0x0p+0");
        expect("%020a", one / (0 * one), "                 inf");
        expect_long("%La", one, "0x8p-3");
        expect_long("%La", 1.0L / 3 * one, "0xa.aaaaaaaaaaaaaabp-5");
        expect_long("%.3La", 1.0L / 3 * one, "0xa.aabp-5");
        expect_long("%.0La", 255.5L * one, "0x1p+8");
        expect_long("%LA", 0.1L * one, "0XC.CCCCCCCCCCCCCCDP-7");
        expect_long("%.1La", 1.18e4932L * one, "0xf.ep+16380");
        MPI_Recv(theirs, sizeof theirs, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(strcmp(theirs, "-0x1.5555555555555p-2 0x8.8p-3") == 0);
    } else {
        snprintf(mine, sizeof mine, "%a %La", -one / 3, 1.0625L * one);
        MPI_Send(mine, (int)strlen(mine) + 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
