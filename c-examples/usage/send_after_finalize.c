/* RUN: -n 2
 * EXPECT: error mpi-usage
 * A final report is sent after MPI_Finalize on rank 1: no MPI call but MPI_Initialized,
 * MPI_Finalized and MPI_Get_version is allowed once a process has finalized (MPI 3.1 §8.7).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 1)
        MPI_Send(&total, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    return 0;
}
