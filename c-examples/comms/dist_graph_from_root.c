/* RUN: -n 3
 * EXPECT: verified
 * MPI_Dist_graph_create where rank 0 describes every edge of a directed ring
 * (0 -> 1 -> 2 -> 0) and the others describe none: each process still learns
 * its one source and one destination, and MPI_Neighbor_alltoall passes a
 * value around the ring.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int sources[3] = {0, 1, 2}, degrees[3] = {1, 1, 1}, dests[3] = {1, 2, 0};
    int n = rank == 0 ? 3 : 0;
    MPI_Comm ring;
    MPI_Dist_graph_create(MPI_COMM_WORLD, n, sources, degrees, dests, MPI_UNWEIGHTED,
                          MPI_INFO_NULL, 0, &ring);
    int indeg, outdeg, weighted, src, dst;
    MPI_Dist_graph_neighbors_count(ring, &indeg, &outdeg, &weighted);
    assert(indeg == 1 && outdeg == 1);
    MPI_Dist_graph_neighbors(ring, 1, &src, MPI_UNWEIGHTED, 1, &dst, MPI_UNWEIGHTED);
    assert(src == (rank + 2) % 3 && dst == (rank + 1) % 3);
    int out = 100 + rank, in = -1;
    MPI_Neighbor_alltoall(&out, 1, MPI_INT, &in, 1, MPI_INT, ring);
    assert(in == 100 + src);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
