/* RUN: -n 3
 * EXPECT: error communicator-mismatch
 * Rank 0 synchronizes on its private duplicate of MPI_COMM_WORLD while ranks
 * 1 and 2 synchronize on MPI_COMM_WORLD itself. The two barriers are
 * collectives of different communicators and never match (MPI 3.1 §5.13):
 * all three ranks wait forever. The report names both communicators and all
 * three lines.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm priv;
    MPI_Comm_dup(MPI_COMM_WORLD, &priv);

    if (rank == 0)
        MPI_Barrier(priv);
    else
        MPI_Barrier(MPI_COMM_WORLD);

    MPI_Comm_free(&priv);
    MPI_Finalize();
    return 0;
}
