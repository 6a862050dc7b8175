/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 Puts into cell 1 of rank 1's window under a lock while rank 1 stores into its
 * cell 0; a barrier then orders everything before rank 1 reads both cells after locking
 * its own window. The accesses touch different bytes, so in the unified model (MPI 3.1
 * §11.4) they do not conflict: verified. Under the separate model
 * (store_beside_put_separate.c) a Put must not meet an unpublished store to ANY
 * location of the target window (§11.7, rule 3: "even if they access disjoint
 * locations in the window").
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cells[2] = {0, 0}, value = 42;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 1, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    } else {
        cells[0] = 7; /* another cell than the Put's */
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        assert(cells[0] == 7 && cells[1] == 42);
        MPI_Win_unlock(1, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
