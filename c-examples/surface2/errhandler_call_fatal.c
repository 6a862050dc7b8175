/* RUN: -n 2
 * EXPECT: error assertion
 * MPI_Comm_call_errhandler on a communicator whose handler is the default
 * MPI_ERRORS_ARE_FATAL (MPI 3.1 §8.3): the handler aborts the program, as
 * MPI_Abort would. Rank 0 reports a failure it detected itself.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER); /* aborts */
    MPI_Finalize();
    return 0;
}
