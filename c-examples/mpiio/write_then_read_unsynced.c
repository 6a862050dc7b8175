/* RUN: -n 2
 * EXPECT: error io-race
 * Rank 0 writes a value through the shared file handle, a barrier follows, and rank 1 reads
 * the same bytes. In nonatomic mode (the default) the barrier alone does not make the write
 * visible: MPI 3.1 §13.6.1 asks for MPI_File_sync, a barrier, and MPI_File_sync (see
 * sync_barrier_sync.c); without them what rank 1 reads is undefined.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x = 5, y = 0;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_unsynced.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    if (rank == 0)
        MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1)
        MPI_File_read_at(fh, 0, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
