/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * MPI_Comm_create lets processes pass different groups, but every member of a
 * group must pass that same group (MPI 3.1 §6.4.2). Rank 0 asks for {0, 1}
 * while rank 1 asks for {1, 2}.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Group world, mine;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int pair[2] = {rank == 0 ? 0 : 1, rank == 0 ? 1 : 2};
    MPI_Group_incl(world, 2, pair, &mine);
    MPI_Comm comm;
    MPI_Comm_create(MPI_COMM_WORLD, mine, &comm);
    if (comm != MPI_COMM_NULL)
        MPI_Comm_free(&comm);
    MPI_Group_free(&mine);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
