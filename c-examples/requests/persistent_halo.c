/* RUN: -n 3
 * EXPECT: verified
 * A periodic halo exchange with persistent requests (MPI 3.1 §3.9): the sends to both
 * neighbours and the receives from them are set up once with MPI_Send_init / MPI_Recv_init
 * and restarted with MPI_Startall in each of three iterations. Each start reads the send
 * buffers as they are then, so the values received change every iteration; completion leaves
 * the requests inactive (not MPI_REQUEST_NULL) so they can be started again. Deterministic:
 * one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    int out_l, out_r, in_l, in_r;
    MPI_Request reqs[4];
    MPI_Recv_init(&in_l, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&in_r, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send_init(&out_r, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &reqs[2]);
    MPI_Send_init(&out_l, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[3]);

    for (int it = 0; it < 3; it++) {
        out_r = 100 * it + rank;
        out_l = 100 * it + rank + 50;
        MPI_Startall(4, reqs);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
        assert(reqs[0] != MPI_REQUEST_NULL && reqs[3] != MPI_REQUEST_NULL);
        assert(in_l == 100 * it + left);
        assert(in_r == 100 * it + right + 50);
    }
    for (int i = 0; i < 4; i++)
        MPI_Request_free(&reqs[i]);
    assert(reqs[0] == MPI_REQUEST_NULL);
    MPI_Finalize();
    return 0;
}
