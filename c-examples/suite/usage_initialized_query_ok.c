/* RUN: -n 2
 * EXPECT: verified
 * Correct near miss of the usage errors: MPI_Initialized and MPI_Finalized may be called at any
 * time (MPI 3.1 §8.7).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int nprocs = -1;
    int rank = -1;
    int flag = 0;
    MPI_Initialized(&flag);
    if (!flag)
        MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("Hello from rank %d\n", rank);
    MPI_Finalize();
    MPI_Finalized(&flag);
    printf("Rank %d finished normally (%d)\n", rank, flag);
    return 0;
}
