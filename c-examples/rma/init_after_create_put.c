/* RUN: -n 2
 * EXPECT: error rma-race
 * The most common race of real codes: rank 1 initializes its window memory after
 * MPI_Win_create, and rank 0 Puts into it at once. Nothing orders the initialization
 * before the Put, so the zeros may overwrite the 5 (MPI 3.1 §11.7). The report says
 * that the store came after the window's creation and how to fix it: a barrier (or a
 * fence on both sides) after the initialization and before the first remote access.
 * Stores before MPI_Win_create are the window's initial content
 * (rma-fidelity/store_before_create_ok.c).
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, value = 5;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *buf = malloc(4 * sizeof(int));
    MPI_Win_create(buf, 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        for (int i = 0; i < 4; i++)
            buf[i] = 0; /* BUG: not ordered before rank 0's Put */
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 2, 1, MPI_INT, win);
        MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    free(buf);
    MPI_Finalize();
    return 0;
}
