/* RUN: -n 3
 * EXPECT: verified
 * Near miss of lock_put_vs_get_acc_noop.c: rank 1 reads rank 0's cell with MPI_Get while
 * rank 2 reads it with MPI_Get_accumulate(MPI_NO_OP), both under shared locks. Neither
 * operation writes the target (MPI_NO_OP leaves it unchanged, MPI 3.1 §11.3.4), and two
 * reads never conflict (§11.7), so both see the initial 5.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 5, dummy = 0, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Get(&got, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_unlock(0, win);
        assert(got == 5);
    } else if (rank == 2) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Get_accumulate(&dummy, 1, MPI_INT, &got, 1, MPI_INT, 0, 0, 1, MPI_INT,
                           MPI_NO_OP, win);
        MPI_Win_unlock(0, win);
        assert(got == 5);
    }
    MPI_Win_free(&win);
    assert(cell == 5);
    MPI_Finalize();
    return 0;
}
