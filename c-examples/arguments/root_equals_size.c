/* RUN: -n 4
 * EXPECT: error invalid-argument
 * The last rank is meant to be the root, but the program passes the communicator size: a root
 * must be a rank of the communicator (MPI 3.1 §5.4).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, data = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == size - 1)
        data = 42;
    MPI_Bcast(&data, 1, MPI_INT, size, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
