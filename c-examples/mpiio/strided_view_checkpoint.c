/* RUN: -n 3
 * EXPECT: verified
 * The classic checkpoint: the file holds rounds of one block per rank. Each rank's view
 * (MPI_File_set_view, MPI 3.1 §13.3) has a vector filetype that selects its own block of
 * every round, so one collective MPI_File_write_all of its contiguous buffer lands in its
 * blocks only. After close and reopen, rank 0 reads the whole file with the default view and
 * checks the interleaving; MPI_File_get_byte_offset and MPI_File_get_type_extent agree.
 */
#include <assert.h>
#include <mpi.h>

#define BLOCK 2
#define ROUNDS 3

int main(int argc, char **argv) {
    int rank, size, i, r, mine[BLOCK * ROUNDS];
    MPI_File fh;
    MPI_Datatype blocks, filetype;
    MPI_Offset byte;
    MPI_Aint extent;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < BLOCK * ROUNDS; i++)
        mine[i] = 1000 * rank + i;
    /* One block of BLOCK ints, then room for the other ranks' blocks. */
    MPI_Type_vector(1, BLOCK, BLOCK * size, MPI_INT, &blocks);
    MPI_Type_create_resized(blocks, 0, (MPI_Aint)BLOCK * size * sizeof(int), &filetype);
    MPI_Type_commit(&filetype);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_checkpoint.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, (MPI_Offset)rank * BLOCK * sizeof(int), MPI_INT, filetype, "native",
                      MPI_INFO_NULL);
    MPI_File_get_byte_offset(fh, BLOCK, &byte);
    assert(byte == (MPI_Offset)(rank * BLOCK + BLOCK * size) * sizeof(int));
    MPI_File_get_type_extent(fh, filetype, &extent);
    assert(extent == (MPI_Aint)BLOCK * size * sizeof(int));
    MPI_File_write_all(fh, mine, BLOCK * ROUNDS, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&filetype);
    MPI_Type_free(&blocks);

    MPI_File_open(MPI_COMM_WORLD, "mpiio_checkpoint.dat", MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    if (rank == 0) {
        int all[BLOCK * ROUNDS * 3];
        assert(size == 3);
        MPI_File_read(fh, all, BLOCK * ROUNDS * size, MPI_INT, MPI_STATUS_IGNORE);
        for (r = 0; r < ROUNDS; r++)
            for (i = 0; i < size; i++)
                assert(all[(r * size + i) * BLOCK] == 1000 * i + r * BLOCK &&
                       all[(r * size + i) * BLOCK + 1] == 1000 * i + r * BLOCK + 1);
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
