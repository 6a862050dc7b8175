/* RUN: -n 2
 * EXPECT: error deadlock
 * A generalized request (MPI 3.1 §12.2) completes only when the program calls
 * MPI_Grequest_complete on it. Rank 1 starts one for work it means to finish later
 * but waits for it first: nothing else can complete it (the library never does, and
 * this rank is the only one that can call MPI_Grequest_complete), so MPI_Wait never
 * returns. Rank 0 is waiting for rank 1's message, sent after the wait.
 */
#include <mpi.h>
#include <stddef.h>

static int query(void *extra, MPI_Status *status) {
    (void)extra;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
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
    int rank, value = 7;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        MPI_Grequest_start(query, release, cancel, NULL, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE); /* only MPI_Grequest_complete(req) ends it */
        MPI_Grequest_complete(req);
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
