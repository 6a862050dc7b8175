/* RUN: -n 2
 * EXPECT: verified
 * Ping-pong with synchronous sends: rank 0 and rank 1 bounce a counter ROUNDS times, each
 * side incrementing it. MPI_Ssend completes only when matched, but every Ssend meets a
 * receive that is already on its way, so no execution blocks.
 */
#include <assert.h>
#include <mpi.h>

#define ROUNDS 3

int main(int argc, char **argv) {
    int rank, ball = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    for (int r = 0; r < ROUNDS; r++) {
        if (rank == 0) {
            ball++;
            MPI_Ssend(&ball, 1, MPI_INT, 1, r, MPI_COMM_WORLD);
            MPI_Recv(&ball, 1, MPI_INT, 1, r, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(ball == 2 * r + 2);
        } else if (rank == 1) {
            MPI_Recv(&ball, 1, MPI_INT, 0, r, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(ball == 2 * r + 1);
            ball++;
            MPI_Ssend(&ball, 1, MPI_INT, 0, r, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
