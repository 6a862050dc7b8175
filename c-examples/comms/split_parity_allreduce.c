/* RUN: -n 4
 * EXPECT: verified
 * MPI_Comm_split by parity of the world rank, then MPI_Allreduce on each half:
 * the even half sums 0 + 2, the odd half 1 + 3. Ranks in the new communicator
 * follow the key (the world rank), and the two halves' messages never mix.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    int hrank, hsize;
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);
    assert(hsize == size / 2);
    assert(hrank == rank / 2);

    int sum = 0;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, half);
    assert(sum == (rank % 2 == 0 ? 0 + 2 : 1 + 3));

    /* Point-to-point inside each half: rank 0 of the half sends to rank 1. */
    int token = -1;
    if (hrank == 0) {
        token = 100 + rank;
        MPI_Send(&token, 1, MPI_INT, 1, 7, half);
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 7, half, MPI_STATUS_IGNORE);
        assert(token == 100 + rank - 2);
    }

    MPI_Comm_free(&half);
    assert(half == MPI_COMM_NULL);
    MPI_Finalize();
    return 0;
}
