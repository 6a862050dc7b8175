/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_Comm_split with color MPI_UNDEFINED returns MPI_COMM_NULL on rank 1, which then calls
 * MPI_Barrier on it (MPI 3.1 §6.4.2: such a process gets MPI_COMM_NULL and must not use it).
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

    MPI_Comm sub;
    int color = rank == 1 ? MPI_UNDEFINED : 0;
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &sub);
    MPI_Barrier(sub);
    if (sub != MPI_COMM_NULL)
        MPI_Comm_free(&sub);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
