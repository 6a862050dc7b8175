/* RUN: -n 2
 * EXPECT: verified
 * MPI_Waitsome returns the requests "that have completed" (MPI 3.1 §3.7.5): which
 * those are depends on timing for communication, but a generalized request its owner
 * completed with MPI_Grequest_complete before the call (§12.2) is complete at the call
 * in every execution. Rank 0 waits on two such requests and a receive from rank 1:
 * the first MPI_Waitsome returns both generalized requests, with or without the
 * receive, and MPI_Test on a generalized request completed before it says yes.
 */
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

static int query(void *extra, MPI_Status *status) {
    (void)extra;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
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
    int rank, value = 0, out, idx[3], flag = 0, done = 0;
    MPI_Request reqs[3], one;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Grequest_start(query, release, cancel, NULL, &one);
        MPI_Grequest_complete(one);
        MPI_Test(&one, &flag, MPI_STATUS_IGNORE);
        assert(flag && one == MPI_REQUEST_NULL);

        MPI_Irecv(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Grequest_start(query, release, cancel, NULL, &reqs[1]);
        MPI_Grequest_start(query, release, cancel, NULL, &reqs[2]);
        MPI_Grequest_complete(reqs[1]);
        MPI_Grequest_complete(reqs[2]);
        MPI_Waitsome(3, reqs, &out, idx, MPI_STATUSES_IGNORE);
        assert(out >= 2 && reqs[1] == MPI_REQUEST_NULL && reqs[2] == MPI_REQUEST_NULL);
        done = out;
        while (done < 3) {
            MPI_Waitsome(3, reqs, &out, idx, MPI_STATUSES_IGNORE);
            done += out;
        }
        assert(value == 5);
    } else if (rank == 1) {
        value = 5;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
