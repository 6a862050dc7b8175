/* RUN: -n 2
 * EXPECT: error deadlock
 * poll_volatile_iprobe.c, then rank 1 receives a message rank 0 never sends. The loop
 * ends only after the Put lands in rank 1's window; an answer "not yet" given to the
 * poll before that is not the same answer given after it (the loop then exits), so
 * the search does not take one for the other and reaches the receive that blocks
 * forever.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, flag = 0, one = 1, value = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&flag, sizeof flag, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    } else {
        volatile int *seen = &flag;
        int pending;
        while (*seen == 0)
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &pending, MPI_STATUS_IGNORE);
        /* BUG: rank 0 sends nothing */
        MPI_Recv(&value, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
