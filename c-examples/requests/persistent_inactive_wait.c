/* RUN: -n 2
 * EXPECT: verified
 * Completion calls on persistent requests that were never started: MPI allows them (an
 * inactive request completes at once with an empty status: source MPI_ANY_SOURCE, tag
 * MPI_ANY_TAG, count 0; MPI 3.1 §3.7.3, §3.9), and nothing is received until the program
 * starts the request. See also ../lifecycle/persistent_wait_again_ok.c.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, flag = 0, count = -1, outcount = 0, index;
    MPI_Status st;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Recv_init(&value, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &req);
    else
        MPI_Ssend_init(&value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &req);

    MPI_Wait(&req, &st);
    assert(req != MPI_REQUEST_NULL);
    assert(st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(count == 0);
    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    assert(flag);
    MPI_Waitsome(1, &req, &outcount, &index, MPI_STATUSES_IGNORE);
    assert(outcount == MPI_UNDEFINED);

    if (rank == 1)
        value = 42;
    MPI_Start(&req);
    MPI_Wait(&req, &st);
    if (rank == 0) {
        assert(value == 42);
        assert(st.MPI_SOURCE == 1 && st.MPI_TAG == 7);
    }
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
