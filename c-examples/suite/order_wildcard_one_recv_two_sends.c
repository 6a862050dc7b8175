/* RUN: -n 3
 * EXPECT: error mpi-usage
 * EXPECT: error buffering-hazard
 * Ranks 1 and 2 both send to rank 0, which receives only once with MPI_ANY_SOURCE: one message
 * is never received before MPI_Finalize (MPI 3.1 §8.7), whichever sender wins.
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

    int val = rank;
    if (rank == 0)
        MPI_Recv(&val, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else if (rank <= 2)
        MPI_Send(&val, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
