/* RUN: -n 3
 * EXPECT: error local-race
 * A nonblocking neighborhood collective owns its buffers until it completes
 * (MPI 3.1 §7.7, §5.12): writing the send buffer before MPI_Wait is erroneous,
 * whatever the implementation has already sent.
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int size, dims[1], periods[1] = {1};
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dims[0] = size;
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int mine = 1, both[2];
    MPI_Request r;
    MPI_Ineighbor_allgather(&mine, 1, MPI_INT, both, 1, MPI_INT, ring, &r);
    mine = 2; /* BUG: the send buffer still belongs to the operation */
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
