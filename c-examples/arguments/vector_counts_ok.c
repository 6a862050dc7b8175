/* RUN: -n 3
 * EXPECT: verified
 * Near miss of inconsistent counts/displacements: MPI_Gatherv where rank r contributes r + 1
 * values and the root's counts and displacements describe exactly that (overlap-free, in any
 * order in the receive buffer), then MPI_Scatterv back with a zero count for rank 0.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mine[3], all[6], counts[3] = {1, 2, 3}, displs[3] = {5, 3, 0};
    int back[3] = {-1, -1, -1}, scounts[3] = {0, 2, 3};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i <= rank; i++)
        mine[i] = 10 * rank + i;
    MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        assert(all[5] == 0);
        assert(all[3] == 10 && all[4] == 11);
        assert(all[0] == 20 && all[1] == 21 && all[2] == 22);
    }
    MPI_Scatterv(all, scounts, displs, MPI_INT, back, scounts[rank], MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 1)
        assert(back[0] == 10 && back[1] == 11 && back[2] == -1);
    if (rank == 2)
        assert(back[2] == 22);
    MPI_Finalize();
    return 0;
}
