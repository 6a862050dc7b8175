/* RUN: -n 3
 * EXPECT: verified
 * MPI_Comm_split_type with MPI_COMM_TYPE_SHARED: all processes share one
 * node, so the new communicator holds everyone, ordered by key (here the
 * reverse of the world rank).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -rank, MPI_INFO_NULL, &node);
    int nrank, nsize;
    MPI_Comm_rank(node, &nrank);
    MPI_Comm_size(node, &nsize);
    assert(nsize == size && nrank == size - 1 - rank);
    int result;
    MPI_Comm_compare(node, MPI_COMM_WORLD, &result);
    assert(result == MPI_SIMILAR);
    MPI_Comm_free(&node);
    MPI_Finalize();
    return 0;
}
