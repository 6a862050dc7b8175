/* RUN: -n 2
 * EXPECT: error local-race
 * The twin of iwrite_at_waited.c that refills the buffer of a pending MPI_File_iwrite_at
 * before MPI_Wait: the buffer belongs to the operation until it completes (MPI 3.1 §13.4.1,
 * as §3.7.2), and what lands in the file is undefined.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, value;
    char name[64];
    MPI_File fh;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof name, "mpiio_reused_%d.dat", rank);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    value = rank;
    MPI_File_iwrite_at(fh, 0, &value, 1, MPI_INT, &req);
    value = rank + 1;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
