/* RUN: -n 2
 * EXPECT: verified
 * The ranks write their blocks of a file with MPI_File_write_at_all and close it; after a
 * barrier rank 1 reads the whole file with fread. MPI-IO and the C library use the one file
 * system of the check, so fread sees what MPI-IO wrote (close then barrier orders it,
 * MPI 3.1 §13.6.1). Nothing is written to the disk.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, mine[2], all[4] = {0, 0, 0, 0};
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine[0] = 10 * rank;
    mine[1] = 10 * rank + 1;
    MPI_File_open(MPI_COMM_WORLD, "mpiio_then_stdio.dat", MPI_MODE_WRONLY | MPI_MODE_CREATE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write_at_all(fh, rank * sizeof mine, mine, 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        FILE *f = fopen("mpiio_then_stdio.dat", "rb");
        assert(f != NULL);
        assert(fread(all, sizeof(int), 4, f) == 4);
        fclose(f);
        assert(all[0] == 0 && all[1] == 1 && all[2] == 10 && all[3] == 11);
    }
    MPI_Finalize();
    return 0;
}
