/* RUN: -n 2
 * EXPECT: error assertion
 * An exception that no handler catches: rank 0 reads a negative size and throws
 * std::invalid_argument; nothing in the program catches it, so std::terminate ends rank 0
 * at the throw (C++17 [except.handle]p9; libstdc++ finds no handler before unwinding
 * anything), as abort() would, while rank 1 waits in the broadcast. Reported at the throw
 * line, as abort() is.
 */
#include <mpi.h>
#include <stdexcept>

static int checked_size(int n) {
    if (n < 0)
        throw std::invalid_argument("negative size");
    return n;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, n = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        n = checked_size(rank - 1);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
