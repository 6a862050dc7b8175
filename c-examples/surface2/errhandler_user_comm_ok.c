/* RUN: -n 2
 * EXPECT: verified
 * A user error handler on a communicator (MPI 3.1 §8.3.1): when a call on
 * the communicator fails, the handler runs with the communicator and the
 * error code, and since it returns, the call returns the code and the
 * program goes on (here it checks the code's class and counts the
 * handler's calls). MPI_Comm_call_errhandler runs the handler on purpose.
 * The handler stays with the communicator after MPI_Errhandler_free
 * (§8.3.4). As under MPI_ERRORS_RETURN, the failed send is the
 * program's to handle: the trace shows the code the call returned.
 */
#include <assert.h>
#include <mpi.h>

static int calls, last_code;

static void note_error(MPI_Comm *comm, int *code, ...) {
    (void)comm;
    calls++;
    last_code = *code;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Errhandler eh;
    MPI_Comm_create_errhandler(note_error, &eh);
    MPI_Comm c;
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
    MPI_Comm_set_errhandler(c, eh);
    MPI_Errhandler_free(&eh);
    assert(eh == MPI_ERRHANDLER_NULL);

    int size, x = 1;
    MPI_Comm_size(c, &size);
    int rc = MPI_Send(&x, 1, MPI_INT, size + 3, 0, c); /* no such rank */
    int cls;
    MPI_Error_class(rc, &cls);
    assert(rc != MPI_SUCCESS && cls == MPI_ERR_RANK);
    assert(calls == 1 && last_code == rc);

    rc = MPI_Comm_call_errhandler(c, MPI_ERR_OTHER);
    assert(rc == MPI_SUCCESS && calls == 2 && last_code == MPI_ERR_OTHER);

    MPI_Errhandler got;
    MPI_Comm_get_errhandler(c, &got);
    MPI_Errhandler_free(&got);
    MPI_Comm_free(&c);
    MPI_Finalize();
    return 0;
}
