/* RUN: -n 3
 * EXPECT: error count-mismatch
 * The root expects two ints from every rank in MPI_Gatherv, but rank 2 sends three: the
 * type signatures of a pairwise transfer must match (MPI 3.1 §5.5).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, mine[3] = {1, 2, 3}, all[6], counts[3] = {2, 2, 2}, displs[3] = {0, 2, 4};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int n = rank == 2 ? 3 : 2;
    MPI_Gatherv(mine, n, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
