/* RUN: -n 2
 * EXPECT: error assertion
 * The twin of write_at_then_reopen_read.c with an off-by-one offset: each rank reads the block
 * after its neighbour's, which is past the end of the file for one of them (a short read
 * leaves the buffer as it was, MPI 3.1 §13.4.1) and the wrong block for the others.
 */
#include <assert.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv) {
    int rank, size, i, mine[N], theirs[N] = {0};
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < N; i++)
        mine[i] = 100 * rank + i;
    MPI_File_open(MPI_COMM_WORLD, "mpiio_blocks_twin.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write_at(fh, (MPI_Offset)rank * N * sizeof(int), mine, N, MPI_INT,
                      MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_blocks_twin.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    int next = (rank + 1) % size;
    MPI_File_read_at(fh, (MPI_Offset)(next + 1) * N * sizeof(int), theirs, N, MPI_INT,
                     MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        assert(theirs[i] == 100 * next + i);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
