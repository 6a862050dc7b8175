/* RUN: -n 2
 * EXPECT: verified
 * std::cout and std::cerr are output, like printf: each rank prints its part of a sum with
 * manipulators (std::setw, std::setprecision, std::fixed, std::endl), and an
 * std::ostringstream builds a per-rank file name that is checked. The streams' formatting
 * state lives in the stream objects, as in libstdc++.
 */
#include <mpi.h>
#include <cassert>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double part = 0.5 * (rank + 1), total = 0;
    MPI_Reduce(&part, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    std::ostringstream name;
    name << "field_" << std::setw(4) << std::setfill('0') << rank << ".dat";
    assert(name.str() == (rank == 0 ? "field_0000.dat" : "field_0001.dat"));
    if (rank == 0)
        std::cout << "total over " << size << " ranks: " << std::fixed << std::setprecision(2)
                  << total << std::endl;
    std::cerr << "rank " << rank << " wrote " << name.str() << '\n';
    MPI_Finalize();
    return 0;
}
