/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of leak_comm_dup: MPI_Comm_free before MPI_Finalize.
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

    MPI_Comm newcom;
    MPI_Comm_dup(MPI_COMM_WORLD, &newcom);
    MPI_Barrier(newcom);
    MPI_Comm_free(&newcom);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
