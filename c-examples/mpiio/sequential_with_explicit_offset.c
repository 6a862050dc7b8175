/* RUN: -n 2
 * EXPECT: error invalid-argument
 * A file opened with MPI_MODE_SEQUENTIAL is accessed through the shared file pointer only: an
 * explicit-offset access to it is erroneous (MPI 3.1 §13.4.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int x = 1;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_sequential.dat",
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_SEQUENTIAL | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
