/* RUN: -n 2
 * EXPECT: verified
 * Near miss of lock_poll_plain_load.c: rank 1 holds lock_all and polls its own flag with
 * MPI_Fetch_and_op(MPI_NO_OP) + flush; rank 0 sets the flag with MPI_Accumulate
 * (MPI_REPLACE) under a SHARED lock. Atomic reads and writes on one type never conflict
 * (MPI 3.1 §11.7.1; a Put would race with the poll), and a shared lock is compatible with
 * rank 1's lock_all (an exclusive one could wait forever for the polling rank, §11.5.3).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, flag = 0, one = 1, dummy = 0, seen = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&flag, sizeof flag, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_REPLACE, win);
        MPI_Win_unlock(1, win);
    } else {
        MPI_Win_lock_all(0, win);
        do {
            MPI_Fetch_and_op(&dummy, &seen, MPI_INT, 1, 0, MPI_NO_OP, win);
            MPI_Win_flush(1, win);
        } while (seen == 0);
        MPI_Win_unlock_all(win);
        assert(seen == 1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        assert(flag == 1);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
