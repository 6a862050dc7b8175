/* RUN: -n 2
 * EXPECT: error assertion
 * A user error handler reads a global that only main writes: the library
 * runs the handler inside MPI_Comm_call_errhandler (MPI 3.1 §8.3.4), so
 * the store `retries_left = 0` matters although main never reads it. The
 * handler's assertion fails on every rank.
 */
#include <assert.h>
#include <mpi.h>

static int retries_left = 3;

static void on_error(MPI_Comm *comm, int *code, ...) {
    (void)comm; (void)code;
    assert(retries_left > 0); /* BUG: main used them up */
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Errhandler eh;
    MPI_Comm_create_errhandler(on_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Errhandler_free(&eh);
    retries_left = 0;
    MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER);
    MPI_Finalize();
    return 0;
}
