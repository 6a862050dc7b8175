/* RUN: -n 2
 * EXPECT: verified
 * Completion calls on inactive persistent requests, never started or already completed,
 * are legal (MPI 3.1 §3.7.3: "One is allowed to call MPI_WAIT with a null or inactive
 * request argument"; §3.9: a persistent request is inactive until MPI_Start). They return
 * at once: MPI_Test with flag true, an empty status (source MPI_ANY_SOURCE, tag
 * MPI_ANY_TAG, count 0, not cancelled), MPI_Waitany and MPI_Testany with index
 * MPI_UNDEFINED when every request is inactive, MPI_Waitsome with outcount MPI_UNDEFINED
 * (§3.7.5). The requests stay allocated and work when started.
 */
#include <assert.h>
#include <mpi.h>

static void assert_empty(MPI_Status *st) {
    int count, cancelled;
    MPI_Get_count(st, MPI_INT, &count);
    MPI_Test_cancelled(st, &cancelled);
    assert(st->MPI_SOURCE == MPI_ANY_SOURCE && st->MPI_TAG == MPI_ANY_TAG);
    assert(count == 0 && !cancelled);
}

int main(int argc, char **argv) {
    int rank, flag = 0, index = 0, outcount = 0, indices[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int peer = 1 - rank, out = rank, in = -1;
    MPI_Request reqs[2];
    MPI_Status st, sts[2];
    MPI_Send_init(&out, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&in, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &reqs[1]);

    /* Never started. */
    MPI_Test(&reqs[1], &flag, &st);
    assert(flag && reqs[1] != MPI_REQUEST_NULL);
    assert_empty(&st);
    MPI_Wait(&reqs[0], &st);
    assert_empty(&st);
    MPI_Waitall(2, reqs, sts);
    assert_empty(&sts[1]);
    MPI_Testall(2, reqs, &flag, sts);
    assert(flag);
    MPI_Waitany(2, reqs, &index, &st);
    assert(index == MPI_UNDEFINED);
    assert_empty(&st);
    MPI_Testany(2, reqs, &index, &flag, &st);
    assert(flag && index == MPI_UNDEFINED);
    MPI_Waitsome(2, reqs, &outcount, indices, sts);
    assert(outcount == MPI_UNDEFINED);
    assert(in == -1);

    MPI_Startall(2, reqs);
    MPI_Waitall(2, reqs, sts);
    assert(in == peer && sts[1].MPI_SOURCE == peer);

    /* Completed: inactive again. */
    MPI_Wait(&reqs[1], &st);
    assert_empty(&st);
    MPI_Request_get_status(reqs[0], &flag, &st);
    assert(flag);
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Finalize();
    return 0;
}
