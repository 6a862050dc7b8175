/* RUN: -n 2
 * EXPECT: error memory-error
 * The last block of the hindexed-block type starts at byte 64 of an 8-double (64-byte)
 * array: receiving one element of it writes past the end of the receive buffer.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Aint displs[3] = {0, 4 * sizeof(double), 8 * sizeof(double)};
    MPI_Datatype picks;
    MPI_Type_create_hindexed_block(3, 2, displs, MPI_DOUBLE, &picks);
    MPI_Type_commit(&picks);
    if (rank == 0) {
        double v[6] = {1, 2, 3, 4, 5, 6};
        MPI_Send(v, 6, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else {
        double a[8];
        MPI_Recv(a, 1, picks, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Type_free(&picks);
    MPI_Finalize();
    return 0;
}
