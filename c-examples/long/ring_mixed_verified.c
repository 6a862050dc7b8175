/* RUN: -n 4
 * EXPECT: verified
 * A long run (ITERS steps) of everything a time-stepping code does each step:
 * nonblocking ring exchange, persistent requests restarted each step, a nonblocking
 * barrier, a reduction every few steps, and a Sendrecv. One execution of some
 * 200,000 MPI calls: the checker forgets the requests, calls and collectives that no
 * check can read any more as it goes, so memory stays at the size of the state
 * (about 8 MB here) instead of growing with the run.
 */
#include <assert.h>
#include <mpi.h>

#ifndef ITERS
#define ITERS 5000
#endif

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;

    int pout = 0, pin = -1;
    MPI_Request persistent[2];
    MPI_Send_init(&pout, 1, MPI_INT, right, 7, MPI_COMM_WORLD, &persistent[0]);
    MPI_Recv_init(&pin, 1, MPI_INT, left, 7, MPI_COMM_WORLD, &persistent[1]);

    long total = 0;
    for (int it = 0; it < ITERS; it++) {
        int out = rank * 100000 + it, in = -1;
        MPI_Request reqs[2];
        MPI_Irecv(&in, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&out, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(in == left * 100000 + it);

        pout = it;
        MPI_Startall(2, persistent);
        MPI_Waitall(2, persistent, MPI_STATUSES_IGNORE);
        assert(pin == it);

        if (it % 10 == 0) {
            MPI_Request b;
            MPI_Ibarrier(MPI_COMM_WORLD, &b);
            MPI_Wait(&b, MPI_STATUS_IGNORE);
        }
        if (it % 25 == 0) {
            long mine = in, sum = 0;
            MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
            total += sum;
        }
        int back = -1;
        MPI_Sendrecv(&it, 1, MPI_INT, left, 2, &back, 1, MPI_INT, right, 2, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        assert(back == it);
    }
    MPI_Request_free(&persistent[0]);
    MPI_Request_free(&persistent[1]);
    assert(total > 0);
    MPI_Finalize();
    return 0;
}
