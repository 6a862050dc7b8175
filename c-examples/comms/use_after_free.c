/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The row communicator is freed, but a copy of its handle kept in a struct
 * is used afterwards for a broadcast.
 */
#include <mpi.h>

struct grid {
    MPI_Comm row;
};

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct grid g;
    MPI_Comm row;
    MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &row);
    g.row = row;
    MPI_Comm_free(&row);
    MPI_Bcast(&v, 1, MPI_INT, 0, g.row);
    MPI_Finalize();
    return 0;
}
