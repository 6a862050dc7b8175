/* RUN: -n 3
 * EXPECT: verified
 * Ranks 1 and 2 draw tickets from a counter on rank 0 with MPI_Rget_accumulate
 * (fetch and add one) under a shared lock, and wait for their request before using
 * the ticket. The two fetch-and-adds are atomic (MPI 3.1 §11.7.1), so the tickets are
 * 0 and 1 in one order or the other; both orders are checked and the tickets never
 * collide.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, counter = 0, one = 1, ticket = -1, tickets[3];
    MPI_Win win;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank != 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        MPI_Rget_accumulate(&one, 1, MPI_INT, &ticket, 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_SUM,
                            win, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(ticket == 0 || ticket == 1);
        MPI_Win_unlock(0, win);
    }
    MPI_Gather(&ticket, 1, MPI_INT, tickets, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        assert(tickets[1] != tickets[2] && counter == 2);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
