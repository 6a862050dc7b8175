/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A helper frees whatever communicator it was given, here MPI_COMM_WORLD:
 * predefined communicators cannot be freed (MPI 3.1 §6.4.3).
 */
#include <mpi.h>

static void finish(MPI_Comm comm) {
    MPI_Barrier(comm);
    MPI_Comm_free(&comm);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    finish(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
