/* RUN: -n 2
 * EXPECT: verified
 * The correct form of write_then_read_unsynced.c: MPI_File_sync after the write, a barrier,
 * MPI_File_sync before the read (MPI 3.1 §13.6.1: the sync-barrier-sync construct). Both
 * syncs are collective over the file's group, so every rank calls them.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x = 5, y = 0;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_synced.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    if (rank == 0)
        MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    if (rank == 1) {
        MPI_File_read_at(fh, 0, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
        assert(y == 5);
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
