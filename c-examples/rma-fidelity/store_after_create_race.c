/* RUN: -n 2
 * EXPECT: error rma-race
 * The twin of store_before_create_ok.c with the stores moved after MPI_Win_create:
 * now nothing orders a rank's store before the other rank's Get of the same int, so
 * the Get may read the old or the new value (MPI 3.1 §11.7). The report says which
 * store races and how to order it: a barrier (or a fence on both sides) after the
 * store and before the first remote access.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *buf = calloc(2, sizeof(int));
    MPI_Win_create(buf, 2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    buf[1] = 50 + rank; /* BUG: after creation, not ordered before the peer's Get */
    MPI_Win_lock(MPI_LOCK_SHARED, 1 - rank, 0, win);
    MPI_Get(&got, 1, MPI_INT, 1 - rank, 1, 1, MPI_INT, win);
    MPI_Win_unlock(1 - rank, win);
    printf("rank %d read %d\n", rank, got);
    MPI_Win_free(&win);
    free(buf);
    MPI_Finalize();
    return 0;
}
