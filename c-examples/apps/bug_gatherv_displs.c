/* RUN: -n 3
 * EXPECT: error memory-error
 * A user bug: rank r contributes r+1 values to MPI_Gatherv; rank 0 computes the
 * displacements with a prefix sum but sizes the receive buffer as size*(size-1)/2
 * (forgetting the +1 per rank), so the last block lands past the end of the malloc'd
 * buffer.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int mine[8];
    for (int i = 0; i <= rank; i++)
        mine[i] = 100 * rank + i;
    int *counts = NULL, *displs = NULL, *all = NULL;
    if (rank == 0) {
        counts = malloc(size * sizeof(int));
        displs = malloc(size * sizeof(int));
        for (int r = 0; r < size; r++)
            counts[r] = r + 1;
        displs[0] = 0;
        for (int r = 1; r < size; r++)
            displs[r] = displs[r - 1] + counts[r - 1];
        all = malloc(size * (size - 1) / 2 * sizeof(int)); /* should be size*(size+1)/2 */
    }
    MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("last = %d\n", all[displs[size - 1]]);
        free(all);
        free(counts);
        free(displs);
    }
    MPI_Finalize();
    return 0;
}
