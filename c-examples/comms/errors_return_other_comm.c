/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_ERRORS_RETURN is set on the library's duplicate only; the bad rank is
 * used on MPI_COMM_WORLD, whose handler is still MPI_ERRORS_ARE_FATAL, so
 * the error stops the program (errors are raised on the call's communicator).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm lib;
    MPI_Comm_dup(MPI_COMM_WORLD, &lib);
    MPI_Comm_set_errhandler(lib, MPI_ERRORS_RETURN);
    if (rank == 0) {
        int rc = MPI_Send(&v, 1, MPI_INT, 2, 0, lib);
        if (rc != MPI_SUCCESS)
            MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    }
    MPI_Comm_free(&lib);
    MPI_Finalize();
    return 0;
}
