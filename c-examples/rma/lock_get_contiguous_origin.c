/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 Gets rank 1's four window ints into a local buffer described on the origin side
 * as two elements of MPI_Type_contiguous(2, MPI_INT); the target side is 4 MPI_INT, the
 * same type signature (MPI 3.1 §11.3.2). The unlock completes the Get (§11.5.3), after
 * which the buffer is checked; rank 1's window is never written.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mem[4], buf[4] = {-1, -1, -1, -1};
    MPI_Datatype pair;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4; i++)
        mem[i] = 100 * rank + i;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get(buf, 2, pair, 1, 0, 4, MPI_INT, win);
        MPI_Win_unlock(1, win);
        for (int i = 0; i < 4; i++)
            assert(buf[i] == 100 + i);
    }
    MPI_Win_free(&win);
    MPI_Type_free(&pair);
    MPI_Finalize();
    return 0;
}
