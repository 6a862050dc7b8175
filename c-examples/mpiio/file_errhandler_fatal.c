/* RUN: -n 2
 * EXPECT: error assertion
 * Files' default error handler is MPI_ERRORS_RETURN (MPI 3.1 §13.7), so opening a missing
 * file only returns MPI_ERR_NO_SUCH_FILE (open_missing_file_returns_error.c). Here the
 * program makes MPI_ERRORS_ARE_FATAL the default file handler first, by setting it on
 * MPI_FILE_NULL (§13.7): the failed open then aborts the program.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_ARE_FATAL);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_no_such_file_fatal.dat", MPI_MODE_RDONLY, MPI_INFO_NULL,
                  &fh);
    MPI_Finalize();
    return 0;
}
