/* RUN: -n 3
 * EXPECT: verified
 * MPI_Comm_create_group called by every rank, also by rank 1, which is not in
 * the group of even ranks: MPI 3.1 §6.4.2 makes that a local call returning
 * MPI_COMM_NULL (a pattern tutorials use to build a sub-communicator without
 * branching first). The even ranks then reduce over their new communicator.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, n = 0, sum = 0;
    int evens[8];
    MPI_Group world_group, even_group;
    MPI_Comm even_comm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < size && n < 8; i += 2)
        evens[n++] = i;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_incl(world_group, n, evens, &even_group);
    MPI_Comm_create_group(MPI_COMM_WORLD, even_group, 5, &even_comm);
    if (rank % 2 == 0) {
        assert(even_comm != MPI_COMM_NULL);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, even_comm);
        assert(sum == n * (n - 1));
        MPI_Comm_free(&even_comm);
    } else {
        assert(even_comm == MPI_COMM_NULL);
    }
    MPI_Group_free(&even_group);
    MPI_Group_free(&world_group);
    MPI_Finalize();
    return 0;
}
