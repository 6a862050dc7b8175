/* RUN: -n 2
 * EXPECT: verified
 * A shared window (MPI_Win_allocate_shared): rank 1 calls MPI_Win_free at once;
 * rank 0 then puts into rank 1's segment under a lock and reads it back directly.
 * The block stays window memory in every member until all of them called
 * MPI_Win_free (collective, MPI 3.1 §11.2.5), so the update is not lost.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, *mine, *seg1, disp, v = 9;
    MPI_Aint bytes;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
    MPI_Win_shared_query(win, 1, &bytes, &disp, &seg1);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
        assert(*seg1 == 9);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
