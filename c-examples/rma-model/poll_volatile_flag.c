/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 sets a flag in rank 1's window with lock/Put/unlock while rank 1 spins on
 * a volatile read of it. Under the unified memory model (the default; MPI 3.1 §11.4)
 * an RMA update is eventually observed by loads without further RMA calls, and a
 * volatile read is performed on every pass (C11 §6.7.3), so the loop is correct; the
 * plain-load loop of rma/lock_poll_plain_load.c is not (the compiler may read the
 * flag once). The report carries a portability note: the loop makes no MPI call, and
 * MPICH without asynchronous progress applies the Put only while rank 1 is inside
 * MPI, so the program hangs there. poll_volatile_iprobe.c is the portable loop, and
 * poll_volatile_flag_separate.c checks this one under the separate model.
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
        while (*seen == 0)
            ;
        printf("rank 1 saw the flag\n");
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
