/* RUN: -n 4
 * EXPECT: verified
 * Non-periodic 1-D neighbour exchange: interior ranks post an Irecv/Isend pair towards each
 * side; boundary ranks leave those slots as MPI_REQUEST_NULL, which MPI_Waitall ignores.
 * All values are checked after the Waitall. Deterministic, correct under any buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int mine = 10 * rank + 1;
    int from_left = -1, from_right = -1;
    MPI_Request reqs[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL,
                           MPI_REQUEST_NULL};
    if (rank > 0) {
        MPI_Irecv(&from_left, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&mine, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, &reqs[1]);
    }
    if (rank < size - 1) {
        MPI_Irecv(&from_right, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&mine, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD, &reqs[3]);
    }
    MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);

    if (rank > 0)
        assert(from_left == 10 * (rank - 1) + 1);
    else
        assert(from_left == -1);
    if (rank < size - 1)
        assert(from_right == 10 * (rank + 1) + 1);
    else
        assert(from_right == -1);
    for (int i = 0; i < 4; i++)
        assert(reqs[i] == MPI_REQUEST_NULL);

    MPI_Finalize();
    return 0;
}
