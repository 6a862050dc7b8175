/* RUN: -n 2
 * EXPECT: verified
 * Each rank stores its value into a buffer and then exposes the buffer with
 * MPI_Win_create; right after, with no barrier, the other rank reads it under a
 * shared lock. Window creation is collective over the group (MPI 3.1 §11.2.1) and
 * what a process stored before it is the window's content when the others access it
 * (MPI 3.1 §11.7): no further synchronization is needed.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, got = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *buf = malloc(2 * sizeof(int));
    buf[0] = 40 + rank;
    buf[1] = 50 + rank;
    MPI_Win_create(buf, 2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_SHARED, 1 - rank, 0, win);
    MPI_Get(&got, 1, MPI_INT, 1 - rank, 1, 1, MPI_INT, win);
    MPI_Win_unlock(1 - rank, win);
    assert(got == 51 - rank);
    MPI_Win_free(&win);
    free(buf);
    MPI_Finalize();
    return 0;
}
