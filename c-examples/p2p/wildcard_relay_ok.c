/* RUN: -n 4
 * EXPECT: verified
 * Correct variant of wildcard_relay.c: rank 0 accepts a relayed value in either of its
 * two receives. Every order is explored: rank 0 takes rank 2's value first or the relay
 * first, so the exact execution count (2) shows the deferred choice costs nothing extra.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0, w = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v + w == 2 + 103);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v += 100;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        v = 2;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else {
        v = 3;
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
