/* RUN: -n 4
 * EXPECT: verified
 * Periodic shift with MPI_Sendrecv: in each of `size` steps every rank passes its value to
 * the right and takes the one from the left, so after k steps rank r holds (r-k) mod size.
 * Sendrecv cannot deadlock on the cyclic pattern even with zero buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    int val = rank;
    for (int k = 1; k <= size; k++) {
        int incoming;
        MPI_Sendrecv(&val, 1, MPI_INT, right, k, &incoming, 1, MPI_INT, left, k,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        val = incoming;
        assert(val == (rank - k + size * k) % size);
    }
    assert(val == rank);
    MPI_Finalize();
    return 0;
}
