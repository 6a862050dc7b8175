/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 sends with tag -5: tags of sends range over 0..MPI_TAG_UB (MPI 3.1 §3.2.3,
 * MPI_ERR_TAG).
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

    int tag = -5;
    int buf = 1;
    if (rank == 0)
        MPI_Send(&buf, 1, MPI_INT, 1, tag, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(&buf, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
