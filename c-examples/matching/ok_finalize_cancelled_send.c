/* RUN: -n 2
 * EXPECT: verified
 * Near miss of finalize_unreceived_isend_infinite.c: rank 0 posts a speculative
 * MPI_Isend and cancels it. A cancelled send is not pending communication
 * (MPI 3.1 §3.8.4); when the cancel fails instead, rank 0 tells rank 1 (on
 * another tag) to receive the message, so in both outcomes nothing is left
 * pending at MPI_Finalize. Two executions: the cancel succeeds or fails.
 */
#include <mpi.h>

enum { TAG_DATA = 1, TAG_CTRL = 2 };

int main(int argc, char **argv) {
    int rank, data = 5, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Request req;
        MPI_Status st;
        MPI_Isend(&data, 1, MPI_INT, 1, TAG_DATA, MPI_COMM_WORLD, &req);
        MPI_Cancel(&req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &flag);
        int must_receive = !flag;
        MPI_Send(&must_receive, 1, MPI_INT, 1, TAG_CTRL, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int must_receive = 0;
        MPI_Recv(&must_receive, 1, MPI_INT, 0, TAG_CTRL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (must_receive)
            MPI_Recv(&data, 1, MPI_INT, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
