/* RUN: -n 3
 * EXPECT: verified
 * Ranks 0 and 1 take turns on rank 2's counter under an exclusive lock asserted
 * MPI_MODE_NOCHECK: rank 1 waits for rank 0's message, which rank 0 sends after its
 * unlock, so the two lock epochs never overlap and the promise holds (MPI 3.1
 * §11.5.5). The counter ends at 2.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, counter = 0, seen = 0, token = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank < 2) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 2, MPI_MODE_NOCHECK, win);
        MPI_Get(&seen, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_flush(2, win);
        seen += 1;
        MPI_Put(&seen, 1, MPI_INT, 2, 0, 1, MPI_INT, win);
        MPI_Win_unlock(2, win);
    }
    if (rank == 0)
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 2)
        assert(counter == 2);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
