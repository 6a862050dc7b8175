/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 asks rank 0 for a value and polls for the reply with MPI_Testany, setting
 * `index = -1, flag = 0` before every call. A "not yet" answer writes flag = false and
 * index = MPI_UNDEFINED (MPI 3.1 §3.7.5), which the next pass overwrites with the same
 * -1 and 0 again: the loop is at the poll in the same state on every pass, so answering
 * "not yet" again changes nothing (a stutter) and the loop ends by MPI's progress rule
 * (§3.7.4). Twin of testany_uninit_poll_ok.c, where the loop does not reset them.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, ask = 7, reply = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&ask, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        reply = ask * 6;
        MPI_Send(&reply, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Request rq;
        int done = 0;
        MPI_Irecv(&reply, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &rq);
        MPI_Send(&ask, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        while (!done) {
            int index = -1, flag = 0;
            MPI_Testany(1, &rq, &index, &flag, MPI_STATUS_IGNORE);
            if (flag)
                done = 1;
        }
        assert(reply == 42);
    }
    MPI_Finalize();
    return 0;
}
