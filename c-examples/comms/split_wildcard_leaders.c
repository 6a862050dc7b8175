/* RUN: -n 4
 * EXPECT: verified
 * Ranks 0-2 form a team with MPI_Comm_split; the leader collects its two
 * workers' results with wildcard receives on the team communicator. Rank 3,
 * outside the team, sends to rank 0 on MPI_COMM_WORLD with the same tag: a
 * wildcard on the team communicator can never take that message, so there
 * are exactly two executions (the two orders of the workers).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm team;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 3, 0, &team);
    if (rank == 3) {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 0) {
        int first;
        MPI_Recv(&first, 1, MPI_INT, MPI_ANY_SOURCE, 0, team, MPI_STATUS_IGNORE);
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, team, MPI_STATUS_IGNORE);
        assert(first + v == 1 + 2);
        MPI_Recv(&v, 1, MPI_INT, 3, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 3);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, team);
    }
    MPI_Comm_free(&team);
    MPI_Finalize();
    return 0;
}
