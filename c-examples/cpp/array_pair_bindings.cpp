/* RUN: -n 2
 * EXPECT: verified
 * std::array, std::pair and structured bindings (C++17 [dcl.struct.bind]): neighbours()
 * returns the left and right ranks of a periodic ring as a pair, unpacked with auto [l,
 * r]; std::array<int, 2> buffers exchange the boundary values with MPI_Sendrecv in both
 * directions (MPI 3.1 §3.10), the send and receive buffers being distinct.
 */
#include <mpi.h>
#include <array>
#include <cassert>
#include <utility>

static std::pair<int, int> neighbours(int rank, int size) {
    return {(rank + size - 1) % size, (rank + 1) % size};
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    auto [left, right] = neighbours(rank, size);
    std::array<int, 2> edge{rank * 10, rank * 10 + 1}, ghost{-1, -1};
    MPI_Sendrecv(&edge[1], 1, MPI_INT, right, 0, &ghost[0], 1, MPI_INT, left, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&edge[0], 1, MPI_INT, left, 1, &ghost[1], 1, MPI_INT, right, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(ghost[0] == left * 10 + 1 && ghost[1] == right * 10);
    MPI_Finalize();
    return 0;
}
