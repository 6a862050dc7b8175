/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of inval_barrier_split_null: only ranks that got a communicator use and free it.
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
    if (sub != MPI_COMM_NULL) {
        MPI_Barrier(sub);
        MPI_Comm_free(&sub);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
