/* RUN: -n 3
 * EXPECT: error deadlock
 * A ring shift written receive-first: every rank waits in MPI_Recv for its left
 * neighbour, which only sends after its own receive. The three receives wait on
 * each other in a cycle 0 -> 2 -> 1 -> 0; no buffering helps since nothing was
 * sent yet. The report names the cycle with every rank's line.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, token = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    token += rank;
    MPI_Send(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
