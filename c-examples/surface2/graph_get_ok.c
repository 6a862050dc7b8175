/* RUN: -n 3
 * EXPECT: verified
 * Graph topology queries (MPI 3.1 §7.5.5): MPI_Graphdims_get returns the
 * number of nodes and edges MPI_Graph_create was given, MPI_Graph_get its
 * index and edges arrays.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    /* A triangle: every node is linked to the two others. */
    int index[3] = {2, 4, 6}, edges[6] = {1, 2, 0, 2, 0, 1};
    MPI_Comm g;
    MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &g);
    int nnodes = 0, nedges = 0;
    MPI_Graphdims_get(g, &nnodes, &nedges);
    assert(nnodes == 3 && nedges == 6);
    int got_index[3] = {0}, got_edges[6] = {0};
    MPI_Graph_get(g, nnodes, nedges, got_index, got_edges);
    for (int i = 0; i < 3; i++)
        assert(got_index[i] == index[i]);
    for (int i = 0; i < 6; i++)
        assert(got_edges[i] == edges[i]);
    MPI_Comm_free(&g);
    MPI_Finalize();
    return 0;
}
