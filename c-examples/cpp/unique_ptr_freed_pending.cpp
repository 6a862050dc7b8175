/* RUN: -n 2
 * EXPECT: error memory-error
 * EXPECT: error local-race
 * A receive buffer that dies before the receive completes: post_receive() owns its buffer
 * in a std::unique_ptr<int[]> and returns only the request; the unique_ptr frees the
 * buffer at the end of the function while the MPI_Irecv into it is pending. The buffer of
 * a nonblocking operation must not be accessed, let alone freed, until the operation
 * completes (MPI 3.1 §3.7.2); MPI_Wait then writes into freed memory.
 */
#include <mpi.h>
#include <memory>

static MPI_Request post_receive(int from) {
    auto buffer = std::make_unique<int[]>(4);
    MPI_Request req;
    MPI_Irecv(buffer.get(), 4, MPI_INT, from, 0, MPI_COMM_WORLD, &req);
    return req;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int data[4] = {1, 2, 3, 4};
        MPI_Send(data, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request req = post_receive(0);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
