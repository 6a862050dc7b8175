/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * Ranks 0 and 1 build an intercommunicator to the group of rank 2, but rank 2
 * skips MPI_Intercomm_create: the call is collective over both groups, so
 * ranks 0 and 1 wait for rank 2, the remote leader, forever.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 2, rank, &local);
    if (rank != 2) {
        MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 2, 7, &inter);
        MPI_Comm_free(&inter);
    }
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
