/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * A ring built with MPI_Dist_graph_create_adjacent where rank 2 forgets that
 * rank 1 sends to it: the edges the processes list do not agree
 * (MPI 3.1 §7.5.4).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int from = (rank + size - 1) % size, to = (rank + 1) % size;
    int indegree = rank == 2 ? 0 : 1;
    MPI_Comm ring;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, indegree, &from, MPI_UNWEIGHTED, 1, &to,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
    MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
