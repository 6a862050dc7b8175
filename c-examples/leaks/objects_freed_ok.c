/* RUN: -n 2
 * EXPECT: verified
 * Near miss of comm_dup_not_freed.c and cart_and_group_not_freed.c: every communicator and
 * group the program makes is freed before MPI_Finalize. Handles that name no new object need
 * no freeing: MPI_COMM_NULL from MPI_Comm_split with MPI_UNDEFINED (rank 1) and from
 * MPI_Comm_create for a non-member, MPI_GROUP_EMPTY from an empty MPI_Group_incl, and the
 * predefined MPI_COMM_WORLD / MPI_COMM_SELF (MPI 3.1 §6.3.3, §6.4.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, v = 1, sum = 0, dims[1] = {2}, periods[1] = {1}, zero[1] = {0};
    MPI_Comm dup, part, grid, only0;
    MPI_Group world_group, first, none;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Allreduce(&v, &sum, 1, MPI_INT, MPI_SUM, dup);
    MPI_Comm_free(&dup);

    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &part);
    if (part != MPI_COMM_NULL)
        MPI_Comm_free(&part);

    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &grid);
    MPI_Comm_free(&grid);

    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, 1, zero, &first);
    MPI_Group_incl(world_group, 0, zero, &none); /* MPI_GROUP_EMPTY */
    MPI_Comm_create(MPI_COMM_WORLD, first, &only0);
    if (only0 != MPI_COMM_NULL)
        MPI_Comm_free(&only0);
    MPI_Group_free(&first);
    MPI_Group_free(&world_group);
    MPI_Finalize();
    return 0;
}
