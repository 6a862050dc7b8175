/* RUN: -n 2
 * EXPECT: error buffering-hazard
 * Head-to-head exchange: both ranks MPI_Send to each other, then MPI_Recv. With buffered
 * (eager) sends both sends return and both receives match: fine. With unbuffered sends each
 * Send waits for a receive the partner never reaches: deadlock. It deadlocks only without
 * buffering, so it is a buffering hazard (see ok_send_send_infinite.c, ok_sendrecv_exchange.c).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    double out[4], in[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int partner = 1 - rank;
    for (int i = 0; i < 4; i++)
        out[i] = rank + 0.25 * i;

    MPI_Send(out, 4, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD);
    MPI_Recv(in, 4, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
        assert(in[i] == partner + 0.25 * i);

    MPI_Finalize();
    return 0;
}
