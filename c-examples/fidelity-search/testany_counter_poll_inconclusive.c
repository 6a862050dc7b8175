/* RUN: -n 2 --max-polls 50
 * EXPECT: inconclusive
 * testany_reinit_poll_ok.c with a count of the polls that rank 1 reports to rank 0: the
 * state at the poll is new on every pass, so every number of "not yet" answers is its own
 * behavior (MPI 3.1 §3.7.4 promises the loop ends, not when). The check explores
 * --max-polls answers in a row and ends inconclusive at the poll, as before the stutter
 * rule compared states: that rule must not merge passes that really differ.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, ask = 7, reply = 0, polls = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Recv(&ask, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        reply = ask * 6;
        MPI_Send(&reply, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(&ask, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Request rq;
        int done = 0;
        MPI_Irecv(&reply, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &rq);
        MPI_Send(&ask, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        while (!done) {
            int index = -1, flag = 0;
            polls++;
            MPI_Testany(1, &rq, &index, &flag, MPI_STATUS_IGNORE);
            if (flag)
                done = 1;
        }
        assert(reply == 42);
        MPI_Send(&polls, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
