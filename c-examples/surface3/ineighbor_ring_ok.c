/* RUN: -n 4
 * EXPECT: verified
 * Nonblocking neighborhood collectives (MPI 3.1 §7.7) on a periodic ring and on
 * a distributed graph: MPI_Ineighbor_allgather, _alltoall, _allgatherv, _alltoallv
 * and _alltoallw, completed together by MPI_Waitall. They take their place in the
 * communicator's collective order like the blocking forms (§5.12), and the
 * blocks are in the receive buffers once the requests complete.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int size, rank, dims[1] = {0}, periods[1] = {1};
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dims[0] = size;
    MPI_Comm ring, graph;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    MPI_Comm_rank(ring, &rank);
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    int mine = 10 * rank, both[2] = {-1, -1};
    int to[2] = {100 + rank, 200 + rank}, from[2] = {-1, -1};
    MPI_Request req[5];
    MPI_Ineighbor_allgather(&mine, 1, MPI_INT, both, 1, MPI_INT, ring, &req[0]);
    MPI_Ineighbor_alltoall(to, 1, MPI_INT, from, 1, MPI_INT, ring, &req[1]);

    /* A graph where each process hears from its right neighbor only. */
    int src = right, dst = left;
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    assert(both[0] == 10 * left && both[1] == 10 * right);
    /* The block from the left is what it sent to the right (200 + left). */
    assert(from[0] == 200 + left && from[1] == 100 + right);

    MPI_Dist_graph_create_adjacent(ring, 1, &src, MPI_UNWEIGHTED, 1, &dst, MPI_UNWEIGHTED,
                                   MPI_INFO_NULL, 0, &graph);
    int got = -1, gotv = -1, gotw = -1, one = 1, zero = 0;
    MPI_Aint zero_aint = 0;
    MPI_Datatype ti = MPI_INT;
    MPI_Ineighbor_allgatherv(&mine, 1, MPI_INT, &got, &one, &zero, MPI_INT, graph, &req[2]);
    MPI_Ineighbor_alltoallv(&mine, &one, &zero, MPI_INT, &gotv, &one, &zero, MPI_INT, graph, &req[3]);
    MPI_Ineighbor_alltoallw(&mine, &one, &zero_aint, &ti, &gotw, &one, &zero_aint, &ti, graph,
                            &req[4]);
    MPI_Waitall(3, &req[2], MPI_STATUSES_IGNORE);
    assert(got == 10 * right && gotv == 10 * right && gotw == 10 * right);
    MPI_Comm_free(&graph);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
