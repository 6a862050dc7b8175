/* RUN: -n 3 --any-input -- 7
 * EXPECT: error collective-mismatch
 * Rank 0 decides from its argument whether the run restarts from a checkpoint and
 * broadcasts the decision; only the ranks that write checkpoint pieces (odd ranks)
 * synchronize before a fresh start, so a fresh start (argument <= 4) leaves rank 1 in a
 * barrier the others never call. Rank 0 never branches on the flag itself: the decision
 * reaches the other ranks as data, and the run with 7 only covers the arguments for which
 * the broadcast flag is the same. The error names an argument of the other cell.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, restart = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && argc > 1)
        restart = atoi(argv[1]) > 4;
    MPI_Bcast(&restart, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!restart && rank % 2 == 1)
        MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: %s\n", rank, restart ? "restart" : "fresh");
    MPI_Finalize();
    return 0;
}
