/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 0 waits on receives from ranks 1 and 2 with MPI_Waitany and assumes rank 1 (which
 * has "less work") always completes first. MPI_Waitany may return either completed request,
 * so the execution where rank 2's receive completes first violates the assertion.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int vals[2];
        int idx;
        MPI_Request reqs[2];
        MPI_Irecv(&vals[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&vals[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitany(2, reqs, &idx, MPI_STATUS_IGNORE);
        assert(idx == 0); /* wrong: completion order is not fixed */
        MPI_Waitany(2, reqs, &idx, MPI_STATUS_IGNORE);
        assert(vals[0] + vals[1] == 3);
    } else if (rank <= 2) {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
