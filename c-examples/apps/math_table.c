/* RUN: -n 2
 * EXPECT: verified
 * Each rank evaluates a table of math.h functions at its own points (sin, cos, tan, atan,
 * exp, log, log10, pow, fmod, round, trunc, floor, ceil, fabs, sqrt, hypot), rank 1 sends
 * its table to rank 0, which checks identities that hold exactly or to 1e-12 and C's
 * rounding rules (round half away from zero, fmod takes the dividend's sign).
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>

#define NF 16

static void table(double x, double out[NF]) {
    out[0] = sin(x);
    out[1] = cos(x);
    out[2] = tan(x);
    out[3] = atan(x);
    out[4] = exp(x);
    out[5] = log(x);
    out[6] = log10(x);
    out[7] = pow(x, 3.0);
    out[8] = fmod(-x, 0.75);
    out[9] = round(-x);
    out[10] = trunc(-x);
    out[11] = floor(-x);
    out[12] = ceil(-x);
    out[13] = fabs(-x);
    out[14] = sqrt(x);
    out[15] = hypot(x, 1.0);
}

int main(int argc, char **argv) {
    int rank;
    double t[NF];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double x = rank == 0 ? 2.5 : 1.5;
    table(x, t);
    if (rank == 1) {
        MPI_Send(t, NF, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD);
    } else {
        double r[NF];
        MPI_Recv(r, NF, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double y = 1.5;
        assert(fabs(r[0] * r[0] + r[1] * r[1] - 1.0) < 1e-12);
        assert(fabs(r[2] - r[0] / r[1]) < 1e-12);
        assert(fabs(tan(r[3]) - y) < 1e-12);
        assert(fabs(log(r[4]) - y) < 1e-12);
        assert(fabs(exp(r[5]) - y) < 1e-12);
        assert(fabs(pow(10.0, r[6]) - y) < 1e-12);
        assert(r[7] == 3.375);
        assert(r[8] == -0.0 && fmod(-2.5, 0.75) == -0.25);
        assert(r[9] == -2.0 && round(-2.5) == -3.0 && round(2.5) == 3.0);
        assert(r[10] == -1.0 && r[11] == -2.0 && r[12] == -1.0);
        assert(r[13] == 1.5);
        assert(fabs(r[14] * r[14] - y) < 1e-12);
        assert(fabs(r[15] - sqrt(y * y + 1.0)) < 1e-12);
        assert(!isnan(r[14]) && isnan(sqrt(-1.0)) && isinf(1.0 / 0.0));
        assert(fabs(atan(1.0) * 4.0 - M_PI) < 1e-15);
        printf("table from rank 1 ok, own sin %.4f\n", t[0]);
    }
    MPI_Finalize();
    return 0;
}
