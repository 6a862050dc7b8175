/* RUN: -n 2
 * EXPECT: verified
 * MPI_Improbe polled until a message is there, then MPI_Imrecv and MPI_Wait (MPI 3.1
 * §3.8.2-3.8.3); a second message, from the same sender, is received by an ordinary MPI_Recv
 * because the first one left matching at the probe. A probe for MPI_PROC_NULL returns
 * MPI_MESSAGE_NO_PROC, and receiving it completes at once.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int flag = 0, a = 0, b = 0;
        MPI_Message msg;
        MPI_Request req;
        MPI_Status st;
        while (!flag)
            MPI_Improbe(1, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &msg, &st);
        assert(st.MPI_TAG == 3);
        MPI_Imrecv(&a, 1, MPI_INT, &msg, &req);
        MPI_Recv(&b, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        assert(st.MPI_TAG == 4 && b == 2);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(a == 1);
        MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &msg, MPI_STATUS_IGNORE);
        assert(msg == MPI_MESSAGE_NO_PROC);
        MPI_Mrecv(&a, 1, MPI_INT, &msg, &st);
        assert(st.MPI_SOURCE == MPI_PROC_NULL);
    } else {
        int one = 1, two = 2;
        MPI_Send(&one, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
        MPI_Send(&two, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
