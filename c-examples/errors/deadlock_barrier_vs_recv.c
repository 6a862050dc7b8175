/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 0 waits for rank 1's message before the barrier; rank 1 enters the barrier before
 * sending it. MPI_Barrier always synchronizes (nobody leaves before all have entered), so
 * rank 1 never sends: a deadlock under every buffering and collective semantics.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 1) {
            v = 3;
            MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
