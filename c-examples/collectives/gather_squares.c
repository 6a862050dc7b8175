/* RUN: -n 4
 * EXPECT: verified
 * MPI_Gather of rank*rank to root 0, which allocates the only receive buffer and checks
 * that slot r holds r*r (rank order, independent of timing). Non-roots pass NULL, which
 * MPI allows because the receive buffer is significant only at the root.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int sq = rank * rank;
    int *all = NULL;
    if (rank == 0)
        all = malloc(size * sizeof(int));
    MPI_Gather(&sq, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++)
            assert(all[r] == r * r);
        free(all);
    }
    MPI_Finalize();
    return 0;
}
