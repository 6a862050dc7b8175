/* RUN: -n 2
 * EXPECT: error local-race
 * Between MPI_File_write_all_begin and MPI_File_write_all_end the buffer belongs to the
 * split collective (MPI 3.1 §13.4.5: the program may not touch it until the end call, as
 * for a nonblocking access, §13.6.1). Here each rank refills its buffer before the end
 * call: the write may take the new values, the old ones or a mix.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, block[4];
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 4; i++)
        block[i] = rank;
    MPI_File_open(MPI_COMM_WORLD, "mpiio_split_reuse.dat",
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_seek(fh, rank * sizeof block, MPI_SEEK_SET);
    MPI_File_write_all_begin(fh, block, 4, MPI_INT);
    for (int i = 0; i < 4; i++)
        block[i] = -1;
    MPI_File_write_all_end(fh, block, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
