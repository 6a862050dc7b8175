/* RUN: -n 2
 * EXPECT: error mpi-usage
 * The program returns from main without calling MPI_Finalize (MPI 3.1 §8.7).
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
    MPI_Barrier(MPI_COMM_WORLD);
    printf("Rank %d finished normally\n", rank);
    return 0;
}
