/* RUN: -n 1
 * EXPECT: error request-leak
 * A generalized request freed with MPI_Request_free is still pending until the program
 * calls MPI_Grequest_complete on it (MPI 3.1 §12.2: its free_fn runs at the later of
 * the two calls). This program frees it and forgets to complete it, so its operation
 * is still pending at MPI_Finalize (§8.7) and free_fn never runs.
 */
#include <mpi.h>
#include <stdlib.h>

static int query(void *extra, MPI_Status *status) {
    (void)extra;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}

static int release(void *extra) {
    free(extra);
    return MPI_SUCCESS;
}

static int cancel(void *extra, int complete) {
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    MPI_Request req;
    int *state = malloc(sizeof *state);

    MPI_Init(&argc, &argv);
    *state = 0;
    MPI_Grequest_start(query, release, cancel, state, &req);
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
