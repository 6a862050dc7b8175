/* RUN: -n 2
 * EXPECT: error mpi-usage
 * The rank is queried before MPI_Init: a call other than the few the standard allows before
 * initialization (MPI 3.1 §8.7: MPI_Get_version, MPI_Initialized, MPI_Finalized, ...) is erroneous.
 */
#include <mpi.h>
#include <stdio.h>

static int whoami(void) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int main(int argc, char **argv) {
    int rank = whoami();
    MPI_Init(&argc, &argv);
    if (rank == 0)
        printf("root\n");
    MPI_Finalize();
    return 0;
}
