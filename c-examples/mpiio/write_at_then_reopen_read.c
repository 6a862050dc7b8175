/* RUN: -n 2
 * EXPECT: verified
 * Each rank writes its own block of the file at an explicit offset (MPI_File_write_at), the
 * file is closed, then reopened read-only and each rank reads its neighbour's block. The
 * close/open pair orders the writes before the reads (MPI 3.1 §13.6.1), and the file lives in
 * the checker's memory only: nothing is written to disk.
 */
#include <assert.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv) {
    int rank, size, i, mine[N], theirs[N];
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < N; i++)
        mine[i] = 100 * rank + i;
    MPI_File_open(MPI_COMM_WORLD, "mpiio_blocks.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write_at(fh, (MPI_Offset)rank * N * sizeof(int), mine, N, MPI_INT,
                      MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    assert(fh == MPI_FILE_NULL);

    MPI_File_open(MPI_COMM_WORLD, "mpiio_blocks.dat", MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    int next = (rank + 1) % size;
    MPI_File_read_at(fh, (MPI_Offset)next * N * sizeof(int), theirs, N, MPI_INT,
                     MPI_STATUS_IGNORE);
    for (i = 0; i < N; i++)
        assert(theirs[i] == 100 * next + i);
    MPI_Offset fsize;
    MPI_File_get_size(fh, &fsize);
    assert(fsize == (MPI_Offset)size * N * sizeof(int));
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
