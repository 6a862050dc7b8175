/* RUN: -n 3
 * EXPECT: verified
 * Correct twin of order_barrier_skipped: the work is rank-dependent but every rank reaches the
 * barrier.
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

    int work = 0;
    if (rank % 2 == 0)
        work = rank * 2;
    MPI_Barrier(MPI_COMM_WORLD);
    if (work < 0)
        printf("unreachable\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
