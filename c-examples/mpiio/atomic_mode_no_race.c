/* RUN: -n 2
 * EXPECT: verified
 * In atomic mode (MPI_File_set_atomicity(fh, 1), collective) the accesses of different
 * processes are sequentially consistent (MPI 3.1 §13.6.1): rank 0's write followed by a
 * barrier is seen by rank 1's read without MPI_File_sync.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x = 9, y = 0, flag;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_atomic.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &flag);
    assert(flag == 1);
    if (rank == 0)
        MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        MPI_File_read_at(fh, 0, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
        assert(y == 9);
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
