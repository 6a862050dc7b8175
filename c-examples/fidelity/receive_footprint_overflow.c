/* RUN: -n 2
 * EXPECT: error memory-error
 * The wrong twin of receive_footprint.c: the 3-int message that arrives does not fit the
 * 2-int buffer (the receive's count of 64 promises room MPI 3.1 §3.2.4 requires), so the
 * receive writes past the buffer.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int v[3] = {4, 5, 6};
        MPI_Send(v, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        int buf[2];
        MPI_Request req;
        MPI_Irecv(buf, 64, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
