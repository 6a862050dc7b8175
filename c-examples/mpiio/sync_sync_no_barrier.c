/* RUN: -n 2
 * EXPECT: error io-race
 * sync_barrier_sync.c without its barrier: rank 0 writes and calls MPI_File_sync twice,
 * rank 1 calls MPI_File_sync twice and reads. MPI_File_sync is collective but need not
 * synchronize, so rank 1's second sync may come before rank 0's first one, and nothing
 * orders the write before the read (MPI 3.1 §13.6.1 asks for sync, then a barrier or
 * other ordering, then sync). Counting syncs is not enough: the check follows
 * happens-before, and the report names both accesses.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x = 5, y = 0;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_sync_sync.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    if (rank == 0)
        MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_File_sync(fh);
    if (rank == 1) {
        MPI_File_read_at(fh, 0, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
        assert(y == 5);
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
