/* RUN: -n 2
 * EXPECT: verified
 * Opening a file that does not exist without MPI_MODE_CREATE fails with the error class
 * MPI_ERR_NO_SUCH_FILE (MPI 3.1 §13.7). Files' default error handler is MPI_ERRORS_RETURN
 * (§13.7), so the call returns the error and the program goes on; this one checks it and
 * then creates the file.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int err, class, amode;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    err = MPI_File_open(MPI_COMM_WORLD, "mpiio_no_such_file.dat", MPI_MODE_RDONLY, MPI_INFO_NULL,
                        &fh);
    assert(err != MPI_SUCCESS);
    MPI_Error_class(err, &class);
    assert(class == MPI_ERR_NO_SUCH_FILE);
    err = MPI_File_open(MPI_COMM_WORLD, "mpiio_no_such_file.dat",
                        MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                        &fh);
    assert(err == MPI_SUCCESS);
    MPI_File_get_amode(fh, &amode);
    assert(amode == (MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE));
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
