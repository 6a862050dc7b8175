/* RUN: -n 3
 * EXPECT: error invalid-argument
 * The list of ranks for MPI_Group_incl was written for four processes; with
 * three, rank 3 is not in the group.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Group world, sub;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int ranks[2] = {1, 3};
    MPI_Group_incl(world, 2, ranks, &sub);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
