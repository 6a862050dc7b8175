/* RUN: -n 2
 * EXPECT: error assertion
 * A generalized request (MPI 3.1 §12.2) wraps a local averaging step: the program adds
 * samples into the request's state, completes the request, and its query_fn, which the
 * library runs inside MPI_Wait, finishes the work by dividing the total into the mean.
 * The callback divides by the wrong count (it forgets the sample added last), so the
 * mean the program reads after MPI_Wait is wrong and the assertion fails on every rank.
 * The only use of what query_fn stores is after MPI_Wait: the cone of influence must
 * keep the callback's stores, or this bug would be missed.
 */
#include <assert.h>
#include <mpi.h>

struct mean {
    double total;
    int n;
    double result;
};

static int finish(void *extra, MPI_Status *status) {
    struct mean *m = extra;
    m->result = m->total / (m->n - 1); /* bug: m->n samples were added */
    MPI_Status_set_elements(status, MPI_DOUBLE, 1);
    MPI_Status_set_cancelled(status, 0);
    return MPI_SUCCESS;
}

static int release(void *extra) {
    (void)extra;
    return MPI_SUCCESS;
}

static int cancel(void *extra, int complete) {
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv) {
    int rank;
    struct mean m = {0, 0, 0};
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Grequest_start(finish, release, cancel, &m, &req);
    for (int i = 1; i <= 4; i++) {
        m.total += i * (rank + 1);
        m.n++;
    }
    MPI_Grequest_complete(req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(m.result == 2.5 * (rank + 1));
    MPI_Finalize();
    return 0;
}
