/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * Only the even ranks call MPI_Barrier; rank 1 goes straight to MPI_Finalize, so the barrier
 * never completes (MPI 3.1 §5.1: a collective must be called by every member of the
 * communicator).
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

    if (rank % 2 == 0)
        MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
