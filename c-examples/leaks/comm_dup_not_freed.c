/* RUN: -n 2
 * EXPECT: error resource-leak
 * A library-style duplicate of MPI_COMM_WORLD is used for a broadcast and never freed before
 * MPI_Finalize (MPI 3.1 §6.4.3, §8.7). The report points at the MPI_Comm_dup line.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Comm lib;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &lib);
    if (rank == 0)
        v = 5;
    MPI_Bcast(&v, 1, MPI_INT, 0, lib);
    MPI_Finalize();
    return 0;
}
