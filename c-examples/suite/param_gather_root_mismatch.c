/* RUN: -n 3
 * EXPECT: error root-mismatch
 * The last rank passes root 1 to MPI_Gather, the others root 0 (MPI 3.1 §5.5: root must be the
 * same on all members).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    if (nprocs < 2)
        printf("This test needs at least 2 processes\n");

    int root = 0;
    int val = rank;
    int *all = (int *)malloc(nprocs * sizeof(int));
    if (rank == nprocs - 1)
        root = 1;
    MPI_Gather(&val, 1, MPI_INT, all, 1, MPI_INT, root, MPI_COMM_WORLD);
    free(all);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
