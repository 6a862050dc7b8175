/* RUN: -n 2 --any-input -- 0
 * EXPECT: error collective-mismatch
 * Rank 0 skips the barrier when the first argument is larger than 10; run with one argument
 * under --any-input, the checker covers every value of argv[1].
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

    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (rank != 0 || n <= 10)
        MPI_Barrier(MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
