/* RUN: -n 2
 * EXPECT: error deadlock
 * The communication lives in helper functions, which mpi-extract inlines into main: the
 * report points into the helper and says where it was called from. Both ranks call
 * exchange() with the receive first, so each waits for the other's message forever.
 * Also shows MPI_Wtime/MPI_Wtick (a logical clock in the checker) and MPI_Irsend.
 */
#include <mpi.h>

static void receive_then_send(int peer, double *in, double *out) {
    MPI_Recv(in, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(out, 2, MPI_DOUBLE, peer, 0, MPI_COMM_WORLD);
}

static void exchange(int rank, double *in, double *out) {
    receive_then_send(1 - rank, in, out);
}

static void ready_notice(int rank) {
    /* The receive is posted before the barrier, so a ready send after it is correct. */
    int token = rank, got = -1;
    MPI_Request r[2];
    MPI_Irecv(&got, 1, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD, &r[0]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Irsend(&token, 1, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv) {
    int rank;
    double in[2], out[2] = {1.0, 2.0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double t0 = MPI_Wtime();
    if (MPI_Wtick() <= 0.0 || MPI_Wtime() < t0)
        MPI_Abort(MPI_COMM_WORLD, 1);
    ready_notice(rank);
    exchange(rank, in, out);
    MPI_Finalize();
    return 0;
}
