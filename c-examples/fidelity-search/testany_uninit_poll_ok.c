/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 asks rank 0 for a value and polls for the reply with MPI_Testany, declaring
 * `index` and `flag` without initializers. A "not yet" answer writes flag = false and
 * index = MPI_UNDEFINED (MPI 3.1 §3.7.5), and nothing else changes before the next
 * call: the loop comes back to the poll in the state that answer left, a stutter, and
 * ends by MPI's progress rule (§3.7.4). Twin of testany_reinit_poll_ok.c, which resets
 * them to -1 and 0 on every pass.
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
            int index, flag;
            MPI_Testany(1, &rq, &index, &flag, MPI_STATUS_IGNORE);
            if (flag)
                done = 1;
        }
        assert(reply == 42);
    }
    MPI_Finalize();
    return 0;
}
