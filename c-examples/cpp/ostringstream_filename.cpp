/* RUN: -n 2
 * EXPECT: verified
 * Building per-rank names with std::ostringstream (the usual "out_" << rank << ".dat"),
 * then checking the name's length on every rank with MPI_Allreduce: ranks 0 and 1 make
 * names of the same length, so the minimum and the maximum agree.
 */
#include <mpi.h>
#include <cassert>
#include <sstream>
#include <string>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::ostringstream name;
    name << "out_" << rank << ".dat";
    std::string file = name.str();
    assert(file == (rank == 0 ? "out_0.dat" : "out_1.dat"));
    int len = (int)file.size(), shortest = 0, longest = 0;
    MPI_Allreduce(&len, &shortest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&len, &longest, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    assert(shortest == longest);
    MPI_Finalize();
    return 0;
}
