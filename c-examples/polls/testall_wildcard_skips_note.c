/* RUN: -n 3
 * EXPECT: error deadlock
 * MPI_Testall over two wildcard receives decides whether rank 0 releases the senders. Ranks
 * 1 and 2 each send one value and then wait for a "go on" token from rank 0, which sends the
 * tokens only when its single MPI_Testall found the values missing. If both values arrived
 * before the test, the tokens are never sent and ranks 1 and 2 wait forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, token = 7, all = 0, v[2] = {0, 0};
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Testall(2, reqs, &all, MPI_STATUSES_IGNORE);
        if (!all) {
            MPI_Send(&token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
            MPI_Send(&token, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
        }
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else {
        int mine = 10 * rank;
        MPI_Send(&mine, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
