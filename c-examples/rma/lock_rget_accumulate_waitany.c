/* RUN: -n 3
 * EXPECT: error assertion
 * Rank 0 increments counters on ranks 1 and 2 with MPI_Rget_accumulate and expects,
 * in MPI_Waitany, the request to rank 1 (issued first) to complete first. Nothing
 * orders the two: a fetching operation completes when its result arrives
 * (MPI 3.1 §11.3.5), and the one to rank 2 may take effect first.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, counter = 0, one = 1, old[2] = {-1, -1}, idx;
    MPI_Win win;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        for (int p = 0; p < 2; p++)
            MPI_Rget_accumulate(&one, 1, MPI_INT, &old[p], 1, MPI_INT, p + 1, 0, 1, MPI_INT,
                                MPI_SUM, win, &reqs[p]);
        MPI_Waitany(2, reqs, &idx, MPI_STATUS_IGNORE);
        assert(idx == 0); /* BUG: either may complete first */
        MPI_Wait(&reqs[1 - idx], MPI_STATUS_IGNORE);
        MPI_Win_unlock_all(win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
