/* RUN: -n 2
 * EXPECT: verified
 * Generalized requests (MPI 3.1 §12.2): each rank wraps a local "operation" (a sum it
 * computes itself) in a request made by MPI_Grequest_start, completes it with
 * MPI_Grequest_complete, and waits for it beside a real receive with MPI_Waitall. The
 * library runs query_fn to fill the request's status (it sets the element count with
 * MPI_Status_set_elements, a call made inside the callback) and then free_fn. A second
 * request is freed with MPI_Request_free before it is completed, so its free_fn runs
 * inside MPI_Grequest_complete, called on a copy of the handle (§12.2: "whichever
 * happens last"), and its query_fn never runs (portability: MPICH 4 runs free_fn
 * already in MPI_Request_free, so the program asserts only after both calls). A third is cancelled after completion:
 * cancel_fn is told it was complete, and MPI_Test then completes it. Every callback
 * returns MPI_SUCCESS.
 */
#include <assert.h>
#include <mpi.h>

struct job {
    int sum;
    int queried, freed, cancelled_complete;
};

static int query(void *extra, MPI_Status *status) {
    struct job *j = extra;
    j->queried++;
    MPI_Status_set_elements(status, MPI_INT, 1);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}

static int release(void *extra) {
    struct job *j = extra;
    j->freed++;
    return MPI_SUCCESS;
}

static int cancel(void *extra, int complete) {
    struct job *j = extra;
    j->cancelled_complete = complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    int rank, size, other, got = -1, count = -1, flag = 0;
    struct job a = {0, 0, 0, -1}, b = {0, 0, 0, -1}, c = {0, 0, 0, -1};
    MPI_Request reqs[2], rb, keep, rc;
    MPI_Status st[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    other = (rank + 1) % size;

    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Grequest_start(query, release, cancel, &a, &reqs[1]);
    MPI_Send(&rank, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    for (int i = 1; i <= 4; i++)
        a.sum += i * (rank + 1);
    MPI_Grequest_complete(reqs[1]);
    MPI_Waitall(2, reqs, st);
    assert(reqs[1] == MPI_REQUEST_NULL);
    assert(a.queried == 1 && a.freed == 1);
    MPI_Get_count(&st[1], MPI_INT, &count);
    assert(count == 1);
    assert(got == (rank + size - 1) % size);
    assert(a.sum == 10 * (rank + 1));

    /* Freed first: free_fn runs at MPI_Grequest_complete, query_fn never. */
    MPI_Grequest_start(query, release, cancel, &b, &rb);
    keep = rb;
    MPI_Request_free(&rb);
    assert(rb == MPI_REQUEST_NULL); /* b.freed: 0 by §12.2, 1 under MPICH */
    MPI_Grequest_complete(keep);
    assert(b.freed == 1 && b.queried == 0);

    /* Cancelled once complete: cancel_fn gets complete = 1. */
    MPI_Grequest_start(query, release, cancel, &c, &rc);
    MPI_Grequest_complete(rc);
    MPI_Cancel(&rc);
    assert(c.cancelled_complete == 1);
    while (!flag)
        MPI_Test(&rc, &flag, MPI_STATUS_IGNORE);
    assert(c.queried == 1 && c.freed == 1);

    MPI_Finalize();
    return 0;
}
