/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The twin of open_missing_file_returns_error.c that ignores the error MPI_File_open returns
 * (MPI_ERR_NO_SUCH_FILE, MPI 3.1 §13.7: files' default error handler is MPI_ERRORS_RETURN)
 * and reads through the file handle it never got.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int x;
    MPI_File fh = MPI_FILE_NULL;
    MPI_Init(&argc, &argv);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_no_such_input.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_File_read_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
