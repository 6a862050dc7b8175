/* RUN: -n 3
 * EXPECT: error assertion
 * EXPECT: error local-race
 * Two independent bugs in one run. Rank 0 overwrites the buffer of a pending MPI_Isend
 * before waiting for it (the message may carry either value), and rank 2 checks that the
 * first message its wildcard receive takes comes from rank 1, which fails when rank 0's
 * message arrives first. The race is reported with the write's line and the assertion with
 * the wildcard receive and both sends it could take.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, got = 0;
    MPI_Status st;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        v = 10;
        MPI_Isend(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &req);
        v = 11; /* the send may still be reading v */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        v = 20;
        MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
        assert(st.MPI_SOURCE == 1);
        MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
    }
    MPI_Finalize();
    return 0;
}
