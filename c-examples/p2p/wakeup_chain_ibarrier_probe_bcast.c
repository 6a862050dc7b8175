/* RUN: -n 5
 * EXPECT: verified
 * Processes blocked in different ways are released in a fixed order, one deterministic match
 * at a time: a token passes along a chain of blocking receives; every rank but the last waits
 * in one MPI_Waitall for an MPI_Ibarrier and a message from the last rank, which joins the
 * barrier only after rank 0's message reaches it, so the earlier ranks' receives complete
 * before their barrier can; then the last rank probes each rank's value in descending order
 * (blocking MPI_Probe naming its source) and broadcasts the sum to ranks waiting in MPI_Bcast.
 * Every match is deterministic: exactly one execution.
 */
#include <assert.h>
#include <mpi.h>

enum { TAG_TOKEN = 0, TAG_HELLO = 1, TAG_READY = 3, TAG_VALUE = 2 };

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int last = size - 1;

    int token = 0;
    if (rank > 0)
        MPI_Recv(&token, 1, MPI_INT, rank - 1, TAG_TOKEN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    token += rank;
    if (rank < last)
        MPI_Send(&token, 1, MPI_INT, rank + 1, TAG_TOKEN, MPI_COMM_WORLD);

    MPI_Request reqs[2];
    int got = -1;
    if (rank == last) {
        for (int r = 0; r < last; r++)
            MPI_Send(&token, 1, MPI_INT, r, TAG_HELLO, MPI_COMM_WORLD);
        int ready;
        MPI_Recv(&ready, 1, MPI_INT, 0, TAG_READY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Ibarrier(MPI_COMM_WORLD, &reqs[0]);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    } else {
        MPI_Ibarrier(MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&got, 1, MPI_INT, last, TAG_HELLO, MPI_COMM_WORLD, &reqs[1]);
        if (rank == 0)
            MPI_Send(&rank, 1, MPI_INT, last, TAG_READY, MPI_COMM_WORLD);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(got == last * (last + 1) / 2);
    }

    int sum = 0;
    if (rank == last) {
        for (int r = last - 1; r >= 0; r--) {
            MPI_Status st;
            int v, n;
            MPI_Probe(r, TAG_VALUE, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &n);
            assert(n == 1);
            MPI_Recv(&v, 1, MPI_INT, r, TAG_VALUE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += v;
        }
    } else {
        MPI_Send(&rank, 1, MPI_INT, last, TAG_VALUE, MPI_COMM_WORLD);
    }
    MPI_Bcast(&sum, 1, MPI_INT, last, MPI_COMM_WORLD);
    assert(sum == (last - 1) * last / 2);
    MPI_Finalize();
    return 0;
}
