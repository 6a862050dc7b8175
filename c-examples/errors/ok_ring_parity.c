/* RUN: -n 4
 * EXPECT: verified
 * Near miss of hazard_ring_send_first.c: even ranks send then receive, odd ranks receive
 * then send. With an even number of ranks every blocking Send meets a posted Recv, so the
 * ring shift is correct even with zero buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, in = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    if (rank % 2 == 0) {
        MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    assert(in == left);
    MPI_Finalize();
    return 0;
}
