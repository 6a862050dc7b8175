/* RUN: -n 2
 * EXPECT: error deadlock
 * An ordered split collective (MPI 3.1 §13.4.5) lets each rank go on after its begin,
 * but a rank's part of MPI_File_write_ordered_begin lands after the parts of all lower
 * ranks, so nothing can be said finished before every member began: an
 * implementation may do the whole access in the end call (§13.4.5 permits either
 * call to do it). Rank 0 ends its access and then waits for a message that rank 1
 * sends only after its begin, which comes after its own receive from rank 0: rank 0
 * waits in MPI_File_write_ordered_end for rank 1's begin, rank 1 waits in MPI_Recv for
 * rank 0's message.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, data[2], token = 0;
    MPI_File fh;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_open(MPI_COMM_WORLD, "surface4_ordered_wait.dat",
                  MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    data[0] = data[1] = rank;
    if (rank == 0) {
        MPI_File_write_ordered_begin(fh, data, 2, MPI_INT);
        MPI_File_write_ordered_end(fh, data, MPI_STATUS_IGNORE);
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_File_write_ordered_begin(fh, data, 2, MPI_INT);
        MPI_File_write_ordered_end(fh, data, MPI_STATUS_IGNORE);
    }
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
