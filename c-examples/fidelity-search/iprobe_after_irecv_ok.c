/* RUN: -n 2 --all-errors
 * EXPECT: verified
 * Twin of iprobe_behind_unbuffered_send.c: rank 1 posts the receive of tag 0 as an
 * MPI_Irecv before it spins on MPI_Iprobe for tag 1. Rank 0's first MPI_Send then
 * completes whether or not the library buffers it (MPI 3.1 §3.4), tag 1 is sent, and the
 * loop ends by MPI's progress rule (§3.7.4) under every buffering.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, first = 1, second = 2, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request first_rq;
        first = second = 0;
        MPI_Irecv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &first_rq);
        while (!flag)
            MPI_Iprobe(0, 1, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        MPI_Recv(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&first_rq, MPI_STATUS_IGNORE);
        assert(first == 1 && second == 2);
    }
    MPI_Finalize();
    return 0;
}
