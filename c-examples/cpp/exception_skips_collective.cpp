/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * An error path that skips a collective: only rank 1 finds its part of the input invalid
 * and throws; the handler in main logs and goes on to MPI_Finalize, while rank 0 calls
 * MPI_Bcast inside step(). All ranks of a communicator must call a collective (MPI 3.1
 * §5.1): rank 0 waits in the broadcast for a rank that has finished.
 */
#include <mpi.h>
#include <cstdio>
#include <stdexcept>

static void step(int rank, double *field) {
    if (rank == 1)
        throw std::domain_error("negative density");
    MPI_Bcast(field, 4, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double field[4] = {0, 1, 2, 3};
    try {
        step(rank, field);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    }
    MPI_Finalize();
    return 0;
}
