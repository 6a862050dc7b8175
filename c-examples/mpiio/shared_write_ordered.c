/* RUN: -n 3
 * EXPECT: verified
 * MPI_File_write_ordered is collective and serializes the ranks' parts in rank order (MPI
 * 3.1 §13.4.4): rank r writes r + 1 ints after the parts of ranks 0..r-1, so the file is
 * 0, 1 1, 2 2 2 in every execution, and the shared pointer stands past all of them. Then
 * MPI_File_seek_shared (collective, same offset and whence everywhere) goes back to the
 * start and MPI_File_read_ordered reads the parts back in the same order.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mine[3], back[3] = {-1, -1, -1}, all[6], count;
    MPI_File fh;
    MPI_Offset pos;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_ordered.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    for (int i = 0; i <= rank; i++)
        mine[i] = rank;
    MPI_File_write_ordered(fh, mine, rank + 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_get_position_shared(fh, &pos);
    assert(pos == 6); /* etypes of the view: ints */
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    MPI_File_read_at(fh, 0, all, 6, MPI_INT, MPI_STATUS_IGNORE);
    assert(all[0] == 0 && all[1] == 1 && all[2] == 1 && all[3] == 2 && all[5] == 2);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_ordered(fh, back, rank + 1, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(count == rank + 1);
    for (int i = 0; i <= rank; i++)
        assert(back[i] == rank);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
