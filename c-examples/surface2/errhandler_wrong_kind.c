/* RUN: -n 1
 * EXPECT: error invalid-argument
 * An error handler is made for one kind of object (MPI 3.1 §8.3.1,
 * §8.3.2): one made by MPI_Win_create_errhandler cannot be set on a
 * communicator.
 */
#include <mpi.h>

static void on_win_error(MPI_Win *win, int *code, ...) {
    (void)win; (void)code;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Errhandler eh;
    MPI_Win_create_errhandler(on_win_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh); /* BUG: a window handler */
    MPI_Errhandler_free(&eh);
    MPI_Finalize();
    return 0;
}
