/* RUN: -n 2
 * EXPECT: verified
 * A write to a file opened MPI_MODE_RDONLY fails and returns an error (MPI_ERR_READ_ONLY in
 * this model and in MPICH, MPI 3.1 §13.7); files' default error handler is MPI_ERRORS_RETURN,
 * so the program goes on, here checking the code, and the file keeps its content.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, x = 42, y = 0, err;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_rdonly.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    if (rank == 0)
        MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_rdonly.dat", MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    err = MPI_File_write_at(fh, 0, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    assert(err != MPI_SUCCESS);
    MPI_File_read_at(fh, 0, &y, 1, MPI_INT, MPI_STATUS_IGNORE);
    assert(y == 42);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
