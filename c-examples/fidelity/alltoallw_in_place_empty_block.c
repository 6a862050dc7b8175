/* RUN: -n 3
 * EXPECT: verified
 * In-place MPI_Alltoallw (MPI 3.1 §5.8: with MPI_IN_PLACE the data sent is taken from the
 * receive buffer, with the receive layout, and replaced by the data received) in which the
 * first block is empty: rank 0 exchanges nothing. Its block is one item of a zero-size
 * datatype (MPI_Type_contiguous of 0 ints, §4.1.2), at a displacement inside another
 * block. A zero-size block moves and occupies no bytes; every other block gets the value
 * its peer sent, received with its own receive type.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size == 3);
    MPI_Datatype empty;
    MPI_Type_contiguous(0, MPI_INT, &empty);
    MPI_Type_commit(&empty);
    /* buf[j] is the block for (and then from) rank j. */
    int buf[3];
    for (int j = 0; j < 3; j++)
        buf[j] = 10 * rank + j;
    int counts[3] = {1, 1, 1}, displs[3] = {4, 4, 8};
    MPI_Datatype types[3] = {empty, MPI_INT, MPI_INT};
    if (rank == 0)
        types[1] = types[2] = empty;
    MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, buf, counts, displs, types,
                  MPI_COMM_WORLD);
    if (rank == 0) {
        assert(buf[0] == 0 && buf[1] == 1 && buf[2] == 2);
    } else {
        /* buf[1] from rank 1's buf[rank], buf[2] from rank 2's buf[rank]. */
        assert(buf[0] == 10 * rank && buf[1] == 10 + rank && buf[2] == 20 + rank);
    }
    MPI_Type_free(&empty);
    MPI_Finalize();
    return 0;
}
