/* RUN: -n 2
 * EXPECT: error assertion
 * std::vector::at checks its index and throws std::out_of_range (C++17 [sequence.reqmts]);
 * rank 1 indexes one past the end with its rank-dependent offset and no handler catches the
 * exception, so the process terminates at the program's call of at(), which the report
 * names (not the line inside libstdc++ that throws).
 */
#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<int> halo(4, 0);
    int last = 3 + rank;
    halo.at(last) = rank;
    MPI_Allreduce(MPI_IN_PLACE, halo.data(), 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
