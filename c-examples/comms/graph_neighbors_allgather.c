/* RUN: -n 3
 * EXPECT: verified
 * MPI_Graph_create (MPI 3.1 §7.5.3) with node 0 linked to 1 and 2, and
 * MPI_Neighbor_allgather along the links: node 0 gathers both others, the
 * others gather node 0.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int index[3] = {2, 3, 4}, edges[4] = {1, 2, 0, 0};
    MPI_Comm star;
    MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &star);
    int status;
    MPI_Topo_test(star, &status);
    assert(status == MPI_GRAPH);
    int mine = 7 * rank, got[2] = {-1, -1};
    MPI_Neighbor_allgather(&mine, 1, MPI_INT, got, 1, MPI_INT, star);
    if (rank == 0)
        assert(got[0] == 7 && got[1] == 14);
    else
        assert(got[0] == 0 && got[1] == -1);
    MPI_Comm_free(&star);
    MPI_Finalize();
    return 0;
}
