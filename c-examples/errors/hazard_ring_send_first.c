/* RUN: -n 4
 * EXPECT: error buffering-hazard
 * Ring shift where every rank MPI_Send's to the right before it MPI_Recv's from the left.
 * Eager buffering: all sends return and every receive finds its message. Zero buffering:
 * every rank waits in Send for a receive that comes after the left neighbour's own Send,
 * a cycle through all ranks. Deadlock only without buffering: buffering hazard.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, in = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    MPI_Send(&rank, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    MPI_Recv(&in, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(in == left);

    MPI_Finalize();
    return 0;
}
