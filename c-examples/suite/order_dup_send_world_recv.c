/* RUN: -n 2
 * EXPECT: error communicator-mismatch
 * EXPECT: error buffering-hazard
 * Rank 0 sends on a duplicate of MPI_COMM_WORLD, rank 1 receives on MPI_COMM_WORLD: messages on
 * different communicators never match (MPI 3.1 §3.5, §6.4.2).
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
    int buf = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &newcom);
    if (rank == 0)
        MPI_Send(&buf, 1, MPI_INT, 1, 0, newcom);
    else if (rank == 1)
        MPI_Recv(&buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Comm_free(&newcom);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
