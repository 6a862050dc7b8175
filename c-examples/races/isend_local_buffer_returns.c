/* RUN: -n 2
 * EXPECT: error local-race
 * A helper posts an MPI_Isend from its own local variable and returns the
 * request; the caller waits for it later. The send buffer is the helper's
 * local, whose lifetime ends when the helper returns, while the send may
 * still read it (MPI 3.1 §3.7.2: the buffer must not be touched, let alone
 * freed, before completion). Keep the value alive in the caller, or wait
 * inside the helper.
 */
#include <mpi.h>
#include <stdio.h>

static MPI_Request post_value(int peer, int value) {
    int payload = value * 10;
    MPI_Request request;
    MPI_Isend(&payload, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, &request);
    return request;
}

int main(int argc, char **argv) {
    int rank, got;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request request = post_value(1 - rank, rank);
    MPI_Recv(&got, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    printf("rank %d got %d\n", rank, got);
    MPI_Finalize();
    return 0;
}
