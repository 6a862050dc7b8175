/* RUN: -n 4
 * EXPECT: verified
 * A distributed graph (MPI 3.1 §7.5.4) where rank 0 receives from every other
 * process and each of them receives from rank 0: neighbor counts and lists,
 * then MPI_Neighbor_allgather along the edges.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int others[3] = {1, 2, 3}, hub[1] = {0};
    int n = rank == 0 ? size - 1 : 1;
    int *nbrs = rank == 0 ? others : hub;
    MPI_Comm star;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, n, nbrs, MPI_UNWEIGHTED, n, nbrs,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &star);
    int status, indeg, outdeg, weighted;
    MPI_Topo_test(star, &status);
    assert(status == MPI_DIST_GRAPH);
    MPI_Dist_graph_neighbors_count(star, &indeg, &outdeg, &weighted);
    assert(indeg == n && outdeg == n && !weighted);
    int src[3], dst[3];
    MPI_Dist_graph_neighbors(star, 3, src, MPI_UNWEIGHTED, 3, dst, MPI_UNWEIGHTED);
    assert(src[0] == nbrs[0] && dst[n - 1] == nbrs[n - 1]);

    int got[3] = {-1, -1, -1};
    int mine = 10 * rank;
    MPI_Neighbor_allgather(&mine, 1, MPI_INT, got, 1, MPI_INT, star);
    if (rank == 0)
        assert(got[0] == 10 && got[1] == 20 && got[2] == 30);
    else
        assert(got[0] == 0 && got[1] == -1);
    MPI_Comm_free(&star);
    MPI_Finalize();
    return 0;
}
