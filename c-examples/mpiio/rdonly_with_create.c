/* RUN: -n 2
 * EXPECT: error invalid-argument
 * MPI_MODE_CREATE together with MPI_MODE_RDONLY: MPI 3.1 §13.2.1 calls this access mode
 * erroneous (a file opened read-only cannot be created empty and be of any use).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_rdonly_create.dat", MPI_MODE_RDONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
