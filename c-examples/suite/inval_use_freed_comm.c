/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A duplicated communicator is freed, then used for MPI_Allreduce: MPI_Comm_free sets the
 * handle to MPI_COMM_NULL (MPI 3.1 §6.4.3), so the call gets an invalid communicator.
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

    MPI_Comm newcom;
    int in = rank, out = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &newcom);
    MPI_Comm_free(&newcom);
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, newcom);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
