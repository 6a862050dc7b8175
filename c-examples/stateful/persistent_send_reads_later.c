/* RUN: -n 6
 * EXPECT: error assertion
 * Variables a persistent send reads when it is started, not where it is named. Rank 0
 * takes four messages with MPI_ANY_SOURCE, keeps the first sender in `first` and the
 * second in `second`, and sends both to rank 5 with requests made by MPI_Send_init
 * before the loop. Rank 5 asserts that rank 2's message did not come first and rank
 * 1's second. Nothing in rank 0's code reads the two variables after they are set:
 * only the MPI_Startall does, through the requests. The stateful search must not take
 * them for dead (it does not follow pointers bound to a persistent request), or the
 * states after the orders 1, 2 and 2, 1 would be merged and the failing one lost.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        long first = 0, second = 0, v;
        MPI_Request reqs[2];
        MPI_Send_init(&first, 1, MPI_LONG, 5, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Send_init(&second, 1, MPI_LONG, 5, 1, MPI_COMM_WORLD, &reqs[1]);
        for (int k = 0; k < 4; k++) {
            MPI_Recv(&v, 1, MPI_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (k == 0)
                first = v;
            if (k == 1)
                second = v;
        }
        MPI_Startall(2, reqs);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        MPI_Request_free(&reqs[0]);
        MPI_Request_free(&reqs[1]);
    } else if (rank < 5) {
        long v = rank;
        MPI_Send(&v, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
    } else {
        long first, second;
        MPI_Recv(&first, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&second, 1, MPI_LONG, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(!(first == 2 && second == 1));
    }
    MPI_Finalize();
    return 0;
}
