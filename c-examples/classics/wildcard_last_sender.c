/* RUN: -n 4
 * EXPECT: error assertion
 * Palmer et al. 2007, §2, Figure 2 (assertion violated by message order). Each worker does some local
 * work and Issends its rank to rank 0, which receives size-1 messages with Irecv(*)+Wait and
 * then asserts the last one came from rank 3, as if rank 3 always finished last. Nothing
 * orders the workers, so any of ranks 1..3 can be received last.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, x = -1;
    MPI_Request h;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int count = 1;
        while (count < size) {
            MPI_Irecv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &h);
            MPI_Wait(&h, MPI_STATUS_IGNORE); /* x = rank of the completed worker */
            count++;
        }
        assert(x == 3);
    } else {
        int work = 0;
        for (int i = 0; i < 10 * rank; i++) /* rank 3 has the most work... */
            work += i;
        int done = work >= 0;
        if (done) {
            MPI_Issend(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &h);
            MPI_Wait(&h, MPI_STATUS_IGNORE);
        }
    }
    MPI_Finalize();
    return 0;
}
