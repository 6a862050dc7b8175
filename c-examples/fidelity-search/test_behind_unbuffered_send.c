/* RUN: -n 2
 * EXPECT: error non-termination
 * The MPI_Test form of iprobe_behind_unbuffered_send.c: rank 1 posts an MPI_Irecv for
 * tag 1 and spins on MPI_Test before it receives tag 0. Without buffering (MPI 3.1
 * §3.4) rank 0 stays in its MPI_Send of tag 0, never sends tag 1, and the request never
 * completes: rank 1 tests forever. The loop itself stutters (the same state at every
 * "not yet"), so the search cuts it; the cut is where the check sees the hang.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, first = 1, second = 2, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request rq;
        MPI_Irecv(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &rq);
        while (!flag)
            MPI_Test(&rq, &flag, MPI_STATUS_IGNORE);
        MPI_Recv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
