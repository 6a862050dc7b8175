/* RUN: -n 5
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * The near miss of wakeup_chain_ibarrier_probe_bcast.c: rank 1 sends its value with the
 * ready tag instead of the value tag, so the last rank's MPI_Probe(1, TAG_VALUE) waits
 * forever while the other ranks wait in MPI_Bcast for it. The trace shows the fixed order in
 * which the blocked processes were released before that.
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
        MPI_Send(&rank, 1, MPI_INT, last, rank == 1 ? TAG_READY : TAG_VALUE, MPI_COMM_WORLD);
    }
    MPI_Bcast(&sum, 1, MPI_INT, last, MPI_COMM_WORLD);
    assert(sum == (last - 1) * last / 2);
    MPI_Finalize();
    return 0;
}
