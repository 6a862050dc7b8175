/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 2 collects one status report from rank 1 before the window's first fence and
 * expects every message after the fence to come later. Rank 0 sends its report only
 * after the fence and counts on the fence as a barrier. But a fence that ends no epoch
 * (here the first one, asserting MPI_MODE_NOPRECEDE) "does not necessarily act as a
 * barrier" (MPI 3.1 §11.5.1): rank 0 may leave it at once, and its report can be the
 * one rank 2's wildcard receive takes first.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, report, first = -1, second = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    report = rank;
    if (rank == 0) {
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
        MPI_Send(&report, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Send(&report, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    } else {
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
        MPI_Recv(&second, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(first == 1); /* BUG: the fence need not order rank 0's send after it */
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
