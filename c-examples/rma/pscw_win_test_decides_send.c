/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 1 exposes its window to rank 0 and asks once, with MPI_Win_test, whether rank 0
 * is done; if not, it sends rank 0 a reminder and then waits. Rank 0 Puts, completes
 * its access epoch and always expects the reminder. When rank 0's MPI_Win_complete
 * comes first, MPI_Win_test returns true (MPI 3.1 §11.5.2), no reminder is sent, and
 * rank 0 waits in MPI_Recv forever. A checker that lets every poll answer "not yet"
 * would call this program correct.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, cell = 0, value = 5, note = 1, flag = 0;
    MPI_Win win;
    MPI_Group world, peer;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int other = 1 - rank;
    MPI_Group_incl(world, 1, &other, &peer);
    MPI_Win_create(&cell, sizeof cell, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
        MPI_Win_post(peer, 0, win);
        MPI_Win_test(win, &flag);
        if (!flag) {
            MPI_Send(&note, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
            MPI_Win_wait(win);
        }
    } else {
        MPI_Win_start(peer, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        MPI_Win_complete(win);
        MPI_Recv(&note, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* BUG */
    }
    MPI_Group_free(&peer);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
