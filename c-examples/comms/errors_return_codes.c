/* RUN: -n 2
 * EXPECT: verified
 * With MPI_ERRORS_RETURN on MPI_COMM_WORLD (MPI 3.1 §8.3) a bad destination
 * comes back as an error code the program tests, classifies and prints,
 * instead of aborting; the program then goes on correctly.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    assert(eh == MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    int v = rank;
    int rc = MPI_Send(&v, 1, MPI_INT, size, 0, MPI_COMM_WORLD);
    assert(rc != MPI_SUCCESS);
    int cls;
    MPI_Error_class(rc, &cls);
    assert(cls == MPI_ERR_RANK);
    char text[MPI_MAX_ERROR_STRING];
    int len;
    MPI_Error_string(rc, text, &len);
    assert(len == (int)strlen(text) && strncmp(text, "MPI_ERR_RANK", 12) == 0);

    rc = MPI_Bcast(&v, -1, MPI_INT, 0, MPI_COMM_WORLD);
    assert(rc == MPI_ERR_COUNT);

    /* A duplicate inherits the error handler. */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_errhandler(dup, &eh);
    assert(eh == MPI_ERRORS_RETURN);
    rc = MPI_Recv(&v, 1, MPI_INT, 0, -5, dup, MPI_STATUS_IGNORE);
    assert(rc == MPI_ERR_TAG);

    rc = MPI_Allreduce(&rank, &v, 1, MPI_INT, MPI_SUM, dup);
    assert(rc == MPI_SUCCESS && v == 1);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
