/* RUN: -n 3
 * EXPECT: error assertion
 * The manager assumes one MPI_Waitsome returns both results once both workers have sent.
 * MPI only promises at least one (MPI 3.1 §3.7.5): the execution where it returns a single
 * request fails the assertion.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int results[2], indices[2], outcount;
        MPI_Request reqs[2];
        MPI_Irecv(&results[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&results[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Barrier(MPI_COMM_WORLD); /* both messages are sent by now */
        MPI_Waitsome(2, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
        assert(outcount == 2);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
