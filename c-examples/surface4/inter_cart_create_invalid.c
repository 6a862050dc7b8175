/* RUN: -n 4
 * EXPECT: error invalid-argument
 * A process grid made on the wrong communicator: the program builds the
 * intercommunicator between the even and the odd ranks, then passes it to
 * MPI_Cart_create meaning to lay out its own half as a ring. "Topologies cannot be
 * added to inter-communicators" (MPI 3.1 §7.1; MPICH returns MPI_ERR_COMM): the
 * Cartesian communicator is made from the intracommunicator `half`.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Comm half, inter, ring;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - rank % 2, 7, &inter);
    int dims[1] = {2}, periods[1] = {1};
    MPI_Cart_create(inter, 1, dims, periods, 0, &ring);
    MPI_Comm_free(&ring);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
