/* RUN: -n 1
 * EXPECT: error invalid-argument
 * The second MPI_Pack needs 4 + 3 * 8 = 28 bytes but the program says the
 * output buffer holds 16 (outsize): MPI_Pack must not write past outsize
 * (MPI 3.1 §4.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    char buf[16];
    int n = 3, position = 0;
    double x[3] = {1.0, 2.0, 3.0};
    MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &position, MPI_COMM_WORLD);
    MPI_Pack(x, n, MPI_DOUBLE, buf, sizeof buf, &position, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
