/* RUN: -n 4
 * EXPECT: error deadlock
 * A longer program in which one poll's answer decides whether messages are sent. Workers 2
 * and 3 send partial sums to worker 1, which combines them (wildcard receives, any order),
 * reports the total to the coordinator (rank 0) and then, like every worker, waits for a stop
 * token. The coordinator posts the receive for the total, does some local work, polls once,
 * and sends stop tokens only if the total is not in yet ("the workers are still busy").
 * When the total arrives before the poll, no token is sent and every worker waits forever.
 */
#include <assert.h>
#include <mpi.h>

enum { TAG_PART = 1, TAG_TOTAL = 2, TAG_STOP = 3 };

static int local_work(int n) {
    int acc = 0;
    for (int i = 0; i < n; i++)
        acc += i % 7;
    return acc;
}

int main(int argc, char **argv) {
    int rank, size, stop = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int total = -1, done = 0;
        MPI_Request req;
        MPI_Irecv(&total, 1, MPI_INT, 1, TAG_TOTAL, MPI_COMM_WORLD, &req);
        int w = local_work(100);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (!done)
            for (int dest = 1; dest < size; dest++)
                MPI_Send(&stop, 1, MPI_INT, dest, TAG_STOP, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(total == 2 + 3 && w >= 0);
    } else if (rank == 1) {
        int sum = 0;
        for (int k = 2; k < size; k++) {
            int part;
            MPI_Recv(&part, 1, MPI_INT, MPI_ANY_SOURCE, TAG_PART, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            sum += part;
        }
        MPI_Send(&sum, 1, MPI_INT, 0, TAG_TOTAL, MPI_COMM_WORLD);
        MPI_Recv(&stop, 1, MPI_INT, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        int part = rank;
        MPI_Send(&part, 1, MPI_INT, 1, TAG_PART, MPI_COMM_WORLD);
        MPI_Recv(&stop, 1, MPI_INT, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
