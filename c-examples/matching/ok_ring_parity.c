/* RUN: -n 3
 * EXPECT: verified
 * Near miss of cycle3_recv_ring.c: rank 0 starts the ring by sending first,
 * every other rank receives first. The token travels 0 -> 1 -> 2 -> 0; each
 * receive waits only for a rank that has already sent or is about to, so the
 * wait-for graph has no cycle even though every rank blocks in MPI_Recv.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, token = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    if (rank == 0) {
        token = 1;
        MPI_Ssend(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(token == size);
    } else {
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        token += 1;
        MPI_Ssend(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
