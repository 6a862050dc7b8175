/* RUN: -n 2
 * EXPECT: error resource-leak
 * A committed contiguous type is used for a broadcast and never freed with MPI_Type_free.
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

    MPI_Datatype block;
    int buf[4] = {1, 2, 3, 4};
    MPI_Type_contiguous(4, MPI_INT, &block);
    MPI_Type_commit(&block);
    MPI_Bcast(buf, 1, block, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
