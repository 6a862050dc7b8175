/* RUN: -n 3
 * EXPECT: verified
 * Each rank appends one record (rank, rank * 10) with MPI_File_write_shared. The order in
 * which the ranks' calls take the shared file pointer is the implementation's (MPI 3.1
 * §13.4.4: "as if serialized" in some order), so the check explores every order. After
 * sync-barrier-sync (§13.6.1) rank 0 reads the three records back and checks what holds in
 * every order: each rank's record is there exactly once, and the shared pointer stands past
 * the last one (MPI_File_get_position_shared).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, rec[2], all[6], seen[3] = {0, 0, 0};
    MPI_File fh;
    MPI_Offset pos;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_File_open(MPI_COMM_WORLD, "mpiio_shared_log.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    rec[0] = rank;
    rec[1] = rank * 10;
    MPI_File_write_shared(fh, rec, 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    if (rank == 0) {
        MPI_File_read_at(fh, 0, all, 6, MPI_INT, MPI_STATUS_IGNORE);
        for (int i = 0; i < size; i++) {
            int r = all[2 * i];
            assert(r >= 0 && r < size && all[2 * i + 1] == r * 10);
            seen[r]++;
        }
        for (int r = 0; r < size; r++)
            assert(seen[r] == 1);
        MPI_File_get_position_shared(fh, &pos);
        assert(pos == 6 * sizeof(int));
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
