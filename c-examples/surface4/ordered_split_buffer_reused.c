/* RUN: -n 2
 * EXPECT: error local-race
 * Between MPI_File_read_ordered_begin and MPI_File_read_ordered_end the buffer belongs
 * to MPI (MPI 3.1 §13.4.5: "the user must not use the buffer passed to the begin
 * routine while the routine is outstanding"); an implementation may fill it at any
 * time up to the end call. Rank 1 reads its buffer before the end to "peek" at the
 * data.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, out[2], in[2] = {0, 0}, peek;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "surface4_ordered_peek.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    out[0] = out[1] = rank;
    MPI_File_write_ordered(fh, out, 2, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_ordered_begin(fh, in, 2, MPI_INT);
    peek = in[0];
    MPI_File_read_ordered_end(fh, in, MPI_STATUS_IGNORE);
    printf("rank %d peeked %d, read %d\n", rank, peek, in[0]);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
