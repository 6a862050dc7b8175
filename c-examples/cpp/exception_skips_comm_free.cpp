/* RUN: -n 2
 * EXPECT: error resource-leak
 * The twin of exception_unwind_frees_comm without RAII: solve() frees its duplicate of
 * MPI_COMM_WORLD with an explicit MPI_Comm_free after the computation, and the exception
 * thrown for a bad input leaves solve() before that call. main catches it and calls
 * MPI_Finalize with the communicator still allocated (MPI 3.1 §6.4.3: a communicator is
 * freed only by MPI_Comm_free).
 */
#include <mpi.h>
#include <cstdio>
#include <stdexcept>

static double solve(int n) {
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    if (n <= 0)
        throw std::invalid_argument("problem size must be positive");
    double local = 1.0 / n, total = 0.0;
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, comm);
    MPI_Comm_free(&comm);
    return total;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int status = 0;
    try {
        solve(argc > 1 ? 4 : 0);
    } catch (const std::invalid_argument &e) {
        std::fprintf(stderr, "bad input: %s\n", e.what());
        status = 1;
    }
    MPI_Finalize();
    return status;
}
