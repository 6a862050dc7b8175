/* RUN: -n 2
 * EXPECT: verified
 * poll_volatile_flag.c with an MPI call in the loop: rank 1 polls MPI_Iprobe while it
 * waits for the flag rank 0 puts into its window, so an implementation without
 * asynchronous progress (MPICH) applies the Put during the call and the program ends
 * there too. Under the unified memory model (MPI 3.1 §11.4) the volatile read sees the
 * update eventually. The loop's end depends on window memory, not on the poll: the
 * search answers the poll again after the Put lands instead of taking an earlier
 * "not yet" for it, so what follows the loop is explored
 * (poll_volatile_iprobe_then_recv.c). Under the separate model the same loop is a
 * race (poll_volatile_iprobe_separate.c).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, flag = 0, one = 1;
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
        printf("rank 1 saw the flag\n");
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
