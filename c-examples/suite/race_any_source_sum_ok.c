/* RUN: -n 3
 * EXPECT: verified
 * Near miss of race_any_source_order: the wildcard receives only accumulate, which gives the
 * same sum in either order.
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

    int val = -1, sum = 0;
    if (rank == 0) {
        for (int i = 1; i < nprocs; i++) {
            MPI_Recv(&val, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += val;
        }
        if (sum != nprocs * (nprocs - 1) / 2)
            MPI_Abort(MPI_COMM_WORLD, 1);
    } else {
        val = rank;
        MPI_Send(&val, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
