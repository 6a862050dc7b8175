/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The shared file pointer counts etypes of the view, so MPI 3.1 §13.4.4 requires every
 * process to use the same view for the shared file pointer routines. Here rank 1's view
 * starts 16 bytes further than rank 0's and MPI_File_write_shared is erroneous.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_shared_views.dat",
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, rank * 16, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_write_shared(fh, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
