/* RUN: -n 2
 * EXPECT: verified
 * RMA calls that move no data: MPI_Accumulate, MPI_Get_accumulate, MPI_Put and
 * MPI_Get with count 0, and an MPI_Accumulate whose target datatype is empty (a
 * contiguous type of 0 ints). They are valid calls inside an epoch (MPI 3.1 §11.3,
 * §11.3.4) that reach no byte, so they need no memory at the target either: some go
 * to a dynamic window with nothing attached.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 3, v = 1, res = 0;
    MPI_Win win, dyn;
    MPI_Datatype empty;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(0, MPI_INT, &empty);
    MPI_Type_commit(&empty);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dyn);
    MPI_Win_fence(0, win);
    MPI_Accumulate(&v, 0, MPI_INT, 1 - rank, 0, 0, MPI_INT, MPI_SUM, win);
    MPI_Accumulate(&v, 1, empty, 1 - rank, 0, 1, empty, MPI_SUM, win);
    MPI_Get_accumulate(&v, 0, MPI_INT, &res, 0, MPI_INT, 1 - rank, 0, 0, MPI_INT, MPI_SUM, win);
    MPI_Put(&v, 0, MPI_INT, 1 - rank, 0, 0, MPI_INT, win);
    MPI_Win_fence(0, win);
    assert(cell == 3 && res == 0);
    MPI_Win_lock_all(0, dyn);
    MPI_Accumulate(&v, 0, MPI_INT, 1 - rank, 0, 0, MPI_INT, MPI_SUM, dyn);
    MPI_Get(&res, 0, MPI_INT, 1 - rank, 0, 0, MPI_INT, dyn);
    MPI_Win_unlock_all(dyn);
    MPI_Win_free(&dyn);
    MPI_Win_free(&win);
    MPI_Type_free(&empty);
    MPI_Finalize();
    return 0;
}
