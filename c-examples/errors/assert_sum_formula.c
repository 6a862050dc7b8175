/* RUN: -n 4
 * EXPECT: error assertion
 * Deterministic data bug: the ranks sum their 0-based rank with MPI_Allreduce, but the
 * check uses the 1-based formula size*(size+1)/2. The assertion fails in the single
 * execution on every rank (6 != 10 for 4 processes).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == size * (size + 1) / 2); /* off by one: ranks start at 0 */

    MPI_Finalize();
    return 0;
}
