/* RUN: -n 2
 * EXPECT: verified
 * Correct twin of param_bcast_comm_mismatch: every rank broadcasts on the duplicate.
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

    MPI_Comm dup;
    MPI_Comm newcom = MPI_COMM_WORLD;
    int buf = rank == 0 ? 6 : 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    newcom = dup;
    MPI_Bcast(&buf, 1, MPI_INT, 0, newcom);
    if (buf != 6)
        printf("wrong value\n");
    MPI_Comm_free(&dup);

    MPI_Finalize();
    printf("Rank %d finished normally\n", rank);
    return 0;
}
