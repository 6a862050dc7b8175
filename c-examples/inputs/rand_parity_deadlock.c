/* RUN: -n 2 --any-input
 * EXPECT: error deadlock
 * Rank 0 sends only on odd draws and rank 1 always receives: a bug for half of all draws.
 * The default seed's first draw is odd, so a plain run passes. Under --any-input the
 * branch on `rand() % 2` is a path constraint: the SMT solver finds an even draw for the
 * other path, and the deadlock is reported with that draw.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        if (rand() % 2)
            MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
