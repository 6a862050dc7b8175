/* RUN: -n 3 --any-input -- 7
 * EXPECT: verified
 * Correct near-miss: the argument and a random draw change the numbers that are reduced,
 * never which calls are made. Input-dependent data sent to another process is followed
 * as "depends on the input" there; nobody branches on it, so every input is covered.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    srand(rank + 1);
    long scale = argc > 1 ? atol(argv[1]) : 1;
    long mine = scale * (rank + 1) + rand() % 100, sum = 0;
    MPI_Reduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sum %ld\n", sum);
    MPI_Finalize();
    return 0;
}
