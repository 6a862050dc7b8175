/* RUN: -n 4
 * EXPECT: verified
 * MPI_Comm_create_group is collective over the group only (MPI 3.1 §6.4.2):
 * ranks 1 and 3 make a communicator of their own while ranks 0 and 2
 * exchange a message, and nobody else takes part.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank % 2 == 1) {
        MPI_Group world, pair;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        int members[2] = {3, 1};
        MPI_Group_incl(world, 2, members, &pair);
        MPI_Comm comm;
        MPI_Comm_create_group(MPI_COMM_WORLD, pair, 5, &comm);
        int me, v = rank;
        MPI_Comm_rank(comm, &me);
        assert(me == (rank == 3 ? 0 : 1));
        MPI_Bcast(&v, 1, MPI_INT, 0, comm);
        assert(v == 3);
        MPI_Comm_free(&comm);
        MPI_Group_free(&pair);
        MPI_Group_free(&world);
    } else {
        int v = rank;
        if (rank == 0)
            MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
        else
            MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 0);
    }
    MPI_Finalize();
    return 0;
}
