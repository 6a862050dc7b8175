/* RUN: -n 2
 * EXPECT: inconclusive
 * A user error handler that calls MPI_Barrier: the handler runs inside the failed
 * call, and a call that must wait for other processes cannot be served there by the
 * checker (calls that complete at once can: callbacks/errhandler_calls_mpi.c). The
 * check ends inconclusive at the barrier's line rather than guessing.
 */
#include <mpi.h>

static void sync_on_error(MPI_Comm *comm, int *code, ...) {
    (void)code;
    MPI_Barrier(*comm);
}

int main(int argc, char **argv) {
    int size, x = 1;
    MPI_Errhandler eh;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_create_errhandler(sync_on_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD); /* no such rank */
    MPI_Errhandler_free(&eh);
    MPI_Finalize();
    return 0;
}
