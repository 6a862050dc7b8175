/* RUN: -n 2
 * EXPECT: verified
 * Near miss of ../requests/persistent_inactive_wait.c: the persistent requests ARE started,
 * completed by MPI_Wait, and then completed again. A completed persistent request is inactive,
 * not freed; completing it again is legal and returns at once with an empty status (source
 * MPI_ANY_SOURCE, tag MPI_ANY_TAG, count 0; MPI 3.1 §3.7.3, §3.9), as does
 * MPI_Request_get_status. Only a request never started since its MPI_*_init is flagged.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, flag = 0, count = -1;
    MPI_Status st;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Recv_init(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &req);
    else
        MPI_Ssend_init(&value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &req);
    if (rank == 1)
        value = 42;
    MPI_Start(&req);
    MPI_Wait(&req, &st);
    if (rank == 0)
        assert(value == 42 && st.MPI_SOURCE == 1 && st.MPI_TAG == 7);

    /* Inactive now: waiting again is legal and reports an empty status. */
    MPI_Wait(&req, &st);
    assert(req != MPI_REQUEST_NULL);
    assert(st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(count == 0);
    MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE);
    assert(flag);
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
