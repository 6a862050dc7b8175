/* RUN: -n 2
 * EXPECT: verified
 * Timing with <chrono>: every rank measures its work with std::chrono::steady_clock and
 * the root reduces the durations with MPI_MAX (MPI 3.1 §5.9.2). Clock readings are inputs
 * of the program: the check holds whatever they are, so the program asserts nothing about
 * their values, only that the maximum is at least the root's own.
 */
#include <mpi.h>
#include <cassert>
#include <chrono>
#include <cstdio>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    auto start = std::chrono::steady_clock::now();
    double acc = 0.0;
    for (int i = 0; i < 100; i++)
        acc += i * 0.5;
    MPI_Barrier(MPI_COMM_WORLD);
    auto stop = std::chrono::steady_clock::now();
    double seconds = std::chrono::duration<double>(stop - start).count();
    double slowest = 0.0;
    MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        assert(slowest >= seconds);
        std::printf("slowest rank: %g s (acc %g)\n", slowest, acc);
    }
    MPI_Finalize();
    return 0;
}
