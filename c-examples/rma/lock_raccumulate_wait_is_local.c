/* RUN: -n 2
 * EXPECT: error rma-race
 * Rank 0 adds to rank 1's counter with MPI_Raccumulate inside a lock_all epoch, waits
 * for the request and then tells rank 1, which reads its counter. Completing the
 * request only means the origin buffer may be reused (MPI 3.1 §11.3.5: local
 * completion); the update may still be on its way. Only MPI_Win_flush or the unlock
 * completes it at the target.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, counter = 10, five = 5, note = 1;
    MPI_Win win;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        MPI_Raccumulate(&five, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Send(&note, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /* BUG: no MPI_Win_flush before */
        MPI_Win_unlock_all(win);
    } else {
        MPI_Recv(&note, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("counter = %d\n", counter);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
