/* RUN: -n 3
 * EXPECT: error invalid-argument
 * On an intercommunicator between {0, 1} and {2}, rank 0 addresses its reply
 * to rank 1 as if ranks named its own group; the remote group has one
 * process, so 1 is not a valid destination (MPI 3.1 §6.6.1).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int side = rank == 2;
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, side, rank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, side ? 0 : 2, 7, &inter);
    int v = rank;
    if (rank == 0)
        MPI_Send(&v, 1, MPI_INT, 1, 0, inter);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
