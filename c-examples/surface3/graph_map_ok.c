/* RUN: -n 4
 * EXPECT: verified
 * MPI_Graph_map (MPI 3.1 §7.5.8) gives the rank a process would have in a graph
 * topology, MPI_UNDEFINED if the graph leaves it out. A ring of three nodes over
 * four processes: the fourth gets MPI_UNDEFINED, as MPI_Graph_create then gives
 * it MPI_COMM_NULL. (An implementation may place the nodes on other processes;
 * the program relies only on which processes are in.)
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, newrank, in = 0, total;
    int index[3] = {2, 4, 6}, edges[6] = {1, 2, 0, 2, 0, 1};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Graph_map(MPI_COMM_WORLD, 3, index, edges, &newrank);
    if (newrank != MPI_UNDEFINED) {
        assert(newrank >= 0 && newrank < 3);
        in = 1;
    }
    MPI_Allreduce(&in, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    assert(total == 3);
    MPI_Comm ring;
    MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &ring);
    assert((ring == MPI_COMM_NULL) == !in);
    if (ring != MPI_COMM_NULL)
        MPI_Comm_free(&ring);
    MPI_Finalize();
    return 0;
}
