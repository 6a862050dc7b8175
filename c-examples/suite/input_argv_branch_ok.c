/* RUN: -n 2 --any-input -- 0
 * EXPECT: verified
 * Near miss of input_argv_skips_barrier: the argument changes how much work each rank does, but
 * every rank calls the barrier for every value of argv[1] (run with one argument: its value is
 * the input).
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
    int work = 0;
    if (n > 10)
        work = rank;
    MPI_Barrier(MPI_COMM_WORLD);
    if (work < 0)
        printf("negative work\n");

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
