/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * Each rank owns `rank` items and only ranks with items take part in the
 * broadcast of the scaling factor: rank 0 owns none and skips the
 * MPI_Bcast, though it is a member of MPI_COMM_WORLD. The root (rank 2) and
 * rank 1 leave the broadcast without waiting for rank 0, so every rank
 * finishes, but the collective was never called by rank 0.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, scale = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int nitems = rank;
    if (rank == size - 1)
        scale = 3;

    if (nitems > 0)
        MPI_Bcast(&scale, 1, MPI_INT, size - 1, MPI_COMM_WORLD);

    MPI_Finalize();
    return 0;
}
