/* RUN: -n 3
 * EXPECT: error deadlock
 * Every rank hands its block to the right neighbour with a synchronous send
 * before receiving from the left. MPI_Ssend completes only once the matching
 * receive has started (MPI 3.1 §3.4), so each rank waits for its right
 * neighbour: a three-rank wait-for cycle under any buffering.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, mine, theirs = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    mine = 10 * rank;

    MPI_Ssend(&mine, 1, MPI_INT, right, 3, MPI_COMM_WORLD);
    MPI_Recv(&theirs, 1, MPI_INT, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
