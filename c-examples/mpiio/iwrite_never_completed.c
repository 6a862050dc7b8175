/* RUN: -n 2
 * EXPECT: error request-leak
 * The request of an MPI_File_iwrite is never completed nor freed before MPI_Finalize
 * (MPI 3.1 §13.4.1, §8.7: all pending operations must be complete).
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    char name[64];
    MPI_File fh;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof name, "mpiio_never_%d.dat", rank);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_iwrite(fh, &rank, 1, MPI_INT, &req);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
