/* RUN: -n 3
 * EXPECT: error rma-race
 * Under shared locks on rank 0, rank 1 Puts 7 into the cell while rank 2 reads it with
 * MPI_Get_accumulate(MPI_NO_OP). Atomicity holds only among accumulate operations
 * (MPI 3.1 §11.7.1); MPI_Put is not one, so the Put and the concurrent atomic read are
 * conflicting accesses to one location (§11.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cell = 5, value = 7, dummy = 0, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win); /* BUG: not atomic */
        MPI_Win_unlock(0, win);
    } else if (rank == 2) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Get_accumulate(&dummy, 1, MPI_INT, &got, 1, MPI_INT, 0, 0, 1, MPI_INT,
                           MPI_NO_OP, win);
        MPI_Win_unlock(0, win);
        printf("got = %d\n", got);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
