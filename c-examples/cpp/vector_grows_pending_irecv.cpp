/* RUN: -n 2
 * EXPECT: error memory-error
 * EXPECT: error local-race
 * A receive buffer that moves: rank 1 posts MPI_Irecv into a std::vector's data(), then
 * push_back grows the vector past its capacity, which moves the elements to a new block and
 * frees the old one while the receive still owns it (MPI 3.1 §3.7.2: the buffer must not be
 * accessed until the receive completes; a freed buffer is worse). Reported at the push_back,
 * with the MPI_Irecv that owns the buffer.
 */
#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<int> values(4, rank);
    if (rank == 0) {
        MPI_Send(values.data(), 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Request req;
        MPI_Irecv(values.data(), 4, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        values.push_back(-1);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
