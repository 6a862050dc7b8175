/* RUN: -n 3
 * EXPECT: verified
 * Ticket dispenser: under lock_all every rank does MPI_Fetch_and_op(MPI_SUM, 1) on a
 * counter on rank 0 and flushes, which completes the operation and defines the fetched
 * value (MPI 3.1 §11.3.4, §11.5.4). Fetch-and-op is atomic (§11.7.1), so whatever the
 * order the tickets are distinct: rank 0 collects them with MPI_Recv and checks they
 * are a permutation of 0..size-1, then checks the final counter after a barrier.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, counter = 0, one = 1, ticket = -1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    assert(size <= 16);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock_all(0, win);
    MPI_Fetch_and_op(&one, &ticket, MPI_INT, 0, 0, MPI_SUM, win);
    MPI_Win_flush(0, win);
    MPI_Win_unlock_all(win);
    if (rank == 0) {
        int seen[16] = {0};
        assert(ticket >= 0 && ticket < size);
        seen[ticket] = 1;
        for (int i = 1; i < size; i++) {
            int t;
            MPI_Recv(&t, 1, MPI_INT, i, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(t >= 0 && t < size && !seen[t]);
            seen[t] = 1;
        }
    } else {
        MPI_Send(&ticket, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        assert(counter == size);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
