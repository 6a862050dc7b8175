/* RUN: -n 3
 * EXPECT: error root-mismatch
 * Inconsistent root: rank 0 believes it owns the mesh and broadcasts from root 0, while the
 * other ranks computed the owner from stale data and pass root 1. All members of a
 * collective must agree on the root (reported as a root-mismatch).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, nodes = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    int owner = (rank == 0) ? 0 : 1; /* should have been computed identically everywhere */
    if (rank == owner)
        nodes = 1000 + rank;
    MPI_Bcast(&nodes, 1, MPI_INT, owner, MPI_COMM_WORLD);
    printf("rank %d: %d nodes\n", rank, nodes);

    MPI_Finalize();
    return 0;
}
