/* RUN: -n 4
 * EXPECT: error collective-mismatch
 * MPI_Comm_create on an intercommunicator: MPI 3.1 §6.4.2 requires every process
 * of a local group to pass the same group (the same members in the same order).
 * Here the two processes of the lower half disagree (world rank 0 passes {0},
 * world rank 1 passes {0, 1}), so the call is erroneous.
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter, sub;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 5, &inter);
    MPI_Group local, g;
    MPI_Comm_group(inter, &local);
    int first = 0;
    if (rank == 0)
        MPI_Group_incl(local, 1, &first, &g);
    else
        MPI_Group_incl(local, 2, (int[]){0, 1}, &g);
    MPI_Comm_create(inter, g, &sub);
    if (sub != MPI_COMM_NULL)
        MPI_Comm_free(&sub);
    MPI_Group_free(&g);
    MPI_Group_free(&local);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
