/* RUN: -n 2
 * EXPECT: error assertion
 * The same append as shared_append_records.c, but the reader assumes rank 0's record comes
 * first. MPI_File_write_shared serializes the calls in an order the implementation chooses
 * (MPI 3.1 §13.4.4), so rank 1's call may take the shared pointer first: the check explores
 * that order and the assertion fails there. MPI_File_write_ordered is the call that
 * guarantees rank order (shared_write_ordered.c).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, first = -1;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_shared_first.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    MPI_File_write_shared(fh, &rank, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    if (rank == 0) {
        MPI_File_read_at(fh, 0, &first, 1, MPI_INT, MPI_STATUS_IGNORE);
        assert(first == 0);
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
