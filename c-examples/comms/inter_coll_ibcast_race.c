/* RUN: -n 4
 * EXPECT: error local-race
 * The lower group receives an MPI_Ibcast over an intercommunicator and reads the buffer
 * before MPI_Wait: the buffer belongs to the pending operation (MPI 3.1 §5.12).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 7, &inter);
    int me;
    MPI_Comm_rank(inter, &me);
    MPI_Request req;
    int v = 1, seen = 0;
    int root = upper ? (me == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    MPI_Ibcast(&v, 1, MPI_INT, root, inter, &req);
    if (!upper)
        seen = v; /* too early */
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return seen == 42;
}
