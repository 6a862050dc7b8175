/* RUN: -n 2
 * EXPECT: error count-mismatch
 * Rank 1 reduces 2 elements while the others reduce 1: the counts of one reduction differ (MPI
 * 3.1 §5.9.1).
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

    MPI_Op op = MPI_SUM;
    int root = 0;
    int count = 1;
    int sbuf[2] = {1, 2}, rbuf[2] = {0, 0};
    if (rank == 1)
        count = 2;
    MPI_Reduce(sbuf, rbuf, count, MPI_INT, op, root, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
