/* RUN: -n 3 --any-input -- 40
 * EXPECT: error collective-mismatch
 * Rank 0 reads the number of cells from its argument and broadcasts it; afterwards it
 * caps its own copy at 100 (the cap belongs before the broadcast). Every rank then takes
 * part in the halo barrier only for an even number of cells. For 101, rank 0 works with
 * 100 (even) while the others keep 101 (odd). The received copies carry the broadcast
 * input symbolically, so the solver finds such a number.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, cells = 16;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && argc > 1)
        cells = atoi(argv[1]);
    MPI_Bcast(&cells, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0 && cells > 100)
        cells = 100;
    if (cells % 2 == 0)
        MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: %d cells\n", rank, cells);
    MPI_Finalize();
    return 0;
}
