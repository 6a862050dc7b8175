/* RUN: -n 2
 * EXPECT: error resource-leak
 * Rank 1 finalizes with the file still open: every file a process opens must be closed with
 * MPI_File_close (collective) before MPI_Finalize (MPI 3.1 §13.2.2, §8.7).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, x = 7;
    char name[64];
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof name, "mpiio_not_closed_%d.dat", rank);
    MPI_File_open(MPI_COMM_SELF, name,
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_write(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    if (rank == 0)
        MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
