/* RUN: -n 2
 * EXPECT: inconclusive
 * C++ threads are not modeled (OpenMP regions are): rank 0 computes its part on a
 * std::thread, whose start lives in libstdc++'s shared library. The check stops
 * inconclusive at the program's line that starts the thread, naming std::thread, rather
 * than guessing what the thread does.
 */
#include <mpi.h>
#include <thread>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, part = 0, sum = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::thread worker([&] { part = rank * 2; });
    worker.join();
    MPI_Allreduce(&part, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
