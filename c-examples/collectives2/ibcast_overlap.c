/* RUN: -n 3
 * EXPECT: verified
 * MPI_Ibcast overlapped with local computation, then MPI_Wait (MPI 3.1 §5.12.2). The data
 * lands in a non-root's buffer when its request completes, so the buffer still holds its old
 * value during the computation. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, params[2] = {0, 0};
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        params[0] = 64;
        params[1] = 3;
    }
    MPI_Ibcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD, &req);
    long acc = 0;
    for (int i = 0; i < 100; i++)
        acc += i * (rank + 1);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(req == MPI_REQUEST_NULL);
    assert(params[0] == 64 && params[1] == 3);
    assert(acc == 4950L * (rank + 1));
    MPI_Finalize();
    return 0;
}
