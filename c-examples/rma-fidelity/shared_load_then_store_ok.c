/* RUN: -n 2
 * EXPECT: verified
 * In a shared window rank 1 publishes a value (store, MPI_Win_sync, barrier,
 * MPI_Win_sync on the reader's side, as MPI 3.1 §11.7 advises for shared memory),
 * rank 0 loads it, a barrier follows, and then rank 1 overwrites it. The standard
 * asks for MPI_Win_sync to make a store visible, not for a load to be finished
 * before another process's later store across a barrier: nothing is reported.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, *mine, *seg1, disp, seen = 0;
    MPI_Aint bytes;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    MPI_Win_shared_query(win, 1, &bytes, &disp, &seg1);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
    if (rank == 1)
        *mine = 1;
    MPI_Win_sync(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_sync(win);
    if (rank == 0)
        seen = *seg1;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        *mine = 2;
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(seen == 1);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
