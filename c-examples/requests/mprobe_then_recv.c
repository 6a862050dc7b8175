/* RUN: -n 2
 * EXPECT: error deadlock
 * A message taken by MPI_Mprobe is no longer available to other receives (MPI 3.1 §3.8.2):
 * rank 0 probes with MPI_Mprobe, then receives with MPI_Recv instead of MPI_Mrecv and waits
 * for a second message that never comes.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Message msg;
        MPI_Mprobe(1, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
