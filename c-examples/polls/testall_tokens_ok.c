/* RUN: -n 3
 * EXPECT: verified
 * Correct near-miss of testall_wildcard_skips_note.c: rank 0 sends the tokens whatever its
 * MPI_Testall answered, after completing both receives. Every answer of the poll is explored
 * (not yet; yes once both wildcard receives have matched, in either order).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, token = 7, all = 0, v[2] = {0, 0};
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&v[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&v[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &reqs[1]);
        MPI_Testall(2, reqs, &all, MPI_STATUSES_IGNORE);
        if (!all)
            MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        assert(v[0] + v[1] == 30);
        MPI_Send(&token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Send(&token, 1, MPI_INT, 2, 1, MPI_COMM_WORLD);
    } else {
        int mine = 10 * rank;
        MPI_Send(&mine, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
