/* RUN: -n 2
 * EXPECT: verified
 * A read that reaches the end of the file is short: the status counts what was read
 * (MPI 3.1 §13.4.1), and MPI_Get_count gives 3 after asking for 5 ints of a 3-int file.
 * Each rank has its own file on MPI_COMM_SELF; the individual file pointer advances by what
 * was read (§13.4.3).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, count, data[3] = {1, 2, 3}, back[5] = {0};
    char name[64];
    MPI_File fh;
    MPI_Status status;
    MPI_Offset pos;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof name, "mpiio_short_%d.dat", rank);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_write(fh, data, 3, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 3);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read(fh, back, 5, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 3);
    assert(back[2] == 3 && back[3] == 0);
    MPI_File_get_position(fh, &pos);
    assert(pos == 3 * sizeof(int));
    MPI_File_read(fh, back, 1, MPI_INT, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    assert(count == 0);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
