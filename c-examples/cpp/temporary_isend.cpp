/* RUN: -n 2
 * EXPECT: error local-race
 * A temporary passed to MPI_Isend: the std::vector returned by pack() lives until the end of
 * the full expression, so its destructor frees the send buffer right after MPI_Isend
 * returns, while the send still reads it (MPI 3.1 §3.7.2, C++17 [class.temporary]p4).
 * Reported where the temporary is destroyed, with the MPI_Isend that owns the buffer.
 */
#include <mpi.h>
#include <vector>

static std::vector<double> pack(int rank) { return std::vector<double>(8, rank + 0.5); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req;
        MPI_Isend(pack(rank).data(), 8, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        std::vector<double> in(8);
        MPI_Recv(in.data(), 8, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
