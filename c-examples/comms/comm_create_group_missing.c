/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * The group names ranks 0, 1 and 2, but rank 2 decides it has no work and
 * never calls MPI_Comm_create_group: the other two wait for it forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 2) {
        MPI_Group world;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Comm comm;
        MPI_Comm_create_group(MPI_COMM_WORLD, world, 0, &comm);
        MPI_Comm_free(&comm);
        MPI_Group_free(&world);
    }
    MPI_Finalize();
    return 0;
}
