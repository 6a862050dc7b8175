/* RUN: -n 4
 * EXPECT: error invalid-argument
 * MPI_Comm_create_group makes a communicator from a group of an intracommunicator's
 * members (MPI 3.1 §6.4.2: its `comm` argument is an intracommunicator; MPICH returns
 * MPI_ERR_COMM otherwise). This program passes the intercommunicator between the even
 * and the odd ranks, meaning to make a communicator of its local group; the local
 * communicator (here `half`), or MPI_Comm_create on the intercommunicator, does that.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Comm half, inter, local;
    MPI_Group group;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 7, &inter);
    MPI_Comm_group(inter, &group);
    MPI_Comm_create_group(inter, group, 5, &local);
    MPI_Comm_free(&local);
    MPI_Group_free(&group);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
