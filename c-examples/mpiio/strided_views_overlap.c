/* RUN: -n 2
 * EXPECT: error io-race
 * The twin of strided_view_checkpoint.c with a displacement counted in ints instead of
 * bytes: rank 1's view starts 2 bytes into the file instead of 8, so its blocks overlap
 * rank 0's and the two collective writes conflict (MPI 3.1 §13.6.1: overlapping accesses of
 * different processes, even within one collective call, leave the file's content undefined).
 */
#include <mpi.h>

#define BLOCK 2
#define ROUNDS 2

int main(int argc, char **argv) {
    int rank, size, i, mine[BLOCK * ROUNDS];
    MPI_File fh;
    MPI_Datatype blocks, filetype;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < BLOCK * ROUNDS; i++)
        mine[i] = 1000 * rank + i;
    MPI_Type_vector(1, BLOCK, BLOCK * size, MPI_INT, &blocks);
    MPI_Type_create_resized(blocks, 0, (MPI_Aint)BLOCK * size * sizeof(int), &filetype);
    MPI_Type_commit(&filetype);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_overlap.dat",
                  MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, (MPI_Offset)rank * BLOCK, MPI_BYTE, filetype, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, BLOCK * ROUNDS, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&filetype);
    MPI_Type_free(&blocks);
    MPI_Finalize();
    return 0;
}
