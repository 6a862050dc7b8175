/* RUN: -n 2
 * EXPECT: verified
 * Two ranks read a 3-int file with MPI_File_read_shared, 2 ints each. Whichever call takes
 * the shared pointer first (the implementation's choice, MPI 3.1 §13.4.4; the check explores
 * both) gets 2 ints; the other reaches the end of the file and gets 1 (MPI_Get_count, §13.4.1).
 * The pointer then stands at 4, past the etypes requested, not the ones read (§13.4.4). Rank 0
 * writes the file beforehand, closes it, and both open it again after a barrier: close and
 * open separate the accesses (§13.6.1).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, data[3] = {7, 8, 9}, got[2] = {0, 0}, count, total;
    MPI_File fh;
    MPI_Status st;
    MPI_Offset pos;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_File_open(MPI_COMM_SELF, "mpiio_shared_eof.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                      MPI_INFO_NULL, &fh);
        MPI_File_write(fh, data, 3, MPI_INT, MPI_STATUS_IGNORE);
        MPI_File_close(&fh);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_shared_eof.dat", MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_read_shared(fh, got, 2, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(count == 2 || count == 1);
    if (count == 2)
        assert(got[0] == 7 && got[1] == 8);
    else
        assert(got[0] == 9);
    MPI_Allreduce(&count, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == 3);
    MPI_File_get_position_shared(fh, &pos);
    assert(pos == 4);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
