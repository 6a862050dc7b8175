/* RUN: -n 2
 * EXPECT: error invalid-argument
 * Rank 0 sends with a contiguous type it never committed (MPI 3.1 §4.1.9: a datatype must be
 * committed before it is used in communication).
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
    int buf[4] = {0};
    MPI_Type_contiguous(4, MPI_INT, &block);
    if (rank == 0)
        MPI_Send(buf, 1, block, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1)
        MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&block);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
