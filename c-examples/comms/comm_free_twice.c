/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A cleanup path frees the work communicator a second time through a saved
 * copy of its handle: the handle no longer names a communicator.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm work, saved;
    MPI_Comm_dup(MPI_COMM_WORLD, &work);
    saved = work;
    MPI_Barrier(work);
    MPI_Comm_free(&work);
    MPI_Comm_free(&saved);
    MPI_Finalize();
    return 0;
}
