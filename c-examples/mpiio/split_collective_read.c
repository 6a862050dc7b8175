/* RUN: -n 2
 * EXPECT: verified
 * Split collective accesses (MPI 3.1 §13.4.5): MPI_File_write_at_all_begin/_end write each
 * rank's value, then after a reopen MPI_File_read_all_begin/_end read them back in one
 * collective, the end call giving the status. Individual file pointers, seek and
 * MPI_File_get_position count etypes of the view.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, count, got[2] = {-1, -1}, value;
    MPI_File fh;
    MPI_Status status;
    MPI_Offset pos;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    value = 7 * rank;
    MPI_File_open(MPI_COMM_WORLD, "mpiio_split.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_write_at_all_begin(fh, rank, &value, 1, MPI_INT);
    MPI_File_write_at_all_end(fh, &value, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 1);
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_split.dat", MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_seek(fh, size - 2, MPI_SEEK_SET);
    MPI_File_read_all_begin(fh, got, 2, MPI_INT);
    MPI_File_read_all_end(fh, got, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 2 && got[0] == 7 * (size - 2) && got[1] == 7 * (size - 1));
    MPI_File_get_position(fh, &pos);
    assert(pos == size);
    MPI_File_seek(fh, -1, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    assert(pos == size - 1);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
