/* RUN: -n 2
 * EXPECT: error memory-error
 * A debugging counter behind a pointer that is only set up on rank 0: rank 1 writes
 * through NULL. Nothing reads the counter and no MPI call depends on it, yet the rank
 * crashes (SIGSEGV under MPICH), so the store stays in the model.
 */
#include <mpi.h>
#include <stdlib.h>

static int hits;

int main(int argc, char **argv) {
    int rank, token = 0;
    int *counter = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        counter = &hits;
    *counter += 1; /* rank 1: NULL */
    MPI_Bcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
