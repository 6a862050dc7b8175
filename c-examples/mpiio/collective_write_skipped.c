/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * MPI_File_write_at_all is collective over the file's group (MPI 3.1 §13.4.2, §13.6.3): rank 1
 * writes with the independent MPI_File_write_at instead, and its next collective call on the
 * file, MPI_File_close, meets rank 0's MPI_File_write_at_all.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_skipped.dat",
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    if (rank == 0)
        MPI_File_write_at_all(fh, 0, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    else
        MPI_File_write_at(fh, sizeof(int), &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
