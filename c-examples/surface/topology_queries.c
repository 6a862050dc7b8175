/* RUN: -n 4
 * EXPECT: verified
 * MPI_Graph_neighbors_count / MPI_Graph_neighbors on a star graph (MPI 3.1
 * §7.5.5) and MPI_Cart_map (§7.5.7): without reordering, a rank keeps its
 * rank inside a grid and gets MPI_UNDEFINED outside it.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, n, nb[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* Node 0 is the hub of nodes 1..3. */
    int index[4] = {3, 4, 5, 6}, edges[6] = {1, 2, 3, 0, 0, 0};
    MPI_Comm star;
    MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &star);
    MPI_Graph_neighbors_count(star, 0, &n);
    assert(n == 3);
    MPI_Graph_neighbors(star, 0, 3, nb);
    assert(nb[0] == 1 && nb[1] == 2 && nb[2] == 3);
    MPI_Graph_neighbors_count(star, 2, &n);
    MPI_Graph_neighbors(star, 2, 1, nb);
    assert(n == 1 && nb[0] == 0);
    MPI_Comm_free(&star);

    int dims[2] = {1, 3}, periods[2] = {0, 0}, newrank;
    MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &newrank);
    assert(rank < 3 ? newrank == rank : newrank == MPI_UNDEFINED);
    MPI_Finalize();
    return 0;
}
