/* RUN: -n 3
 * EXPECT: verified
 * std::vector buffers for collectives: the root fills a vector of size * 4 ints and
 * MPI_Scatter gives each rank 4 of them (MPI 3.1 §5.6); every rank sums its part with
 * std::accumulate (<numeric>) and MPI_Gather collects the partial sums at the root
 * (§5.5), which checks them against the closed form. data() of a non-empty vector is a
 * valid buffer; the receive vectors are sized before the calls.
 */
#include <mpi.h>
#include <cassert>
#include <numeric>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int chunk = 4;
    std::vector<int> all;
    if (rank == 0) {
        all.resize(size * chunk);
        std::iota(all.begin(), all.end(), 0);
    }
    std::vector<int> mine(chunk);
    MPI_Scatter(all.data(), chunk, MPI_INT, mine.data(), chunk, MPI_INT, 0, MPI_COMM_WORLD);
    int partial = std::accumulate(mine.begin(), mine.end(), 0);
    std::vector<int> partials(rank == 0 ? size : 0);
    MPI_Gather(&partial, 1, MPI_INT, partials.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++)
            assert(partials[r] == chunk * chunk * r + chunk * (chunk - 1) / 2);
    }
    MPI_Finalize();
    return 0;
}
