/* RUN: -n 1
 * EXPECT: error mpi-usage
 * The query_fn of a generalized request (MPI 3.1 §12.2) reports that the operation it
 * stands for failed by returning an error code: MPI_Wait returns that code, and under
 * the default error handler MPI_ERRORS_ARE_FATAL the program stops there. The program
 * meant to look at the status instead, but a callback's error is the call's error.
 */
#include <mpi.h>

static int query(void *extra, MPI_Status *status) {
    int *failed = extra;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    status->MPI_ERROR = *failed ? MPI_ERR_OTHER : MPI_SUCCESS;
    return status->MPI_ERROR;
}

static int release(void *extra) {
    (void)extra;
    return MPI_SUCCESS;
}

static int cancel(void *extra, int complete) {
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    int failed = 1;
    MPI_Request req;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Grequest_start(query, release, cancel, &failed, &req);
    MPI_Grequest_complete(req);
    MPI_Wait(&req, &status);
    if (status.MPI_ERROR != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Finalize();
    return 0;
}
