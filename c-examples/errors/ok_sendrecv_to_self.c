/* RUN: -n 2 --buffering zero
 * EXPECT: verified
 * Near miss of hazard_send_to_self.c: the value goes to the rank itself through MPI_Sendrecv,
 * which is safe without any buffering (MPI 3.1 §3.10), and then through an MPI_Irecv posted
 * before the MPI_Send.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out, in = -1;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    out = 100 + rank;
    MPI_Sendrecv(&out, 1, MPI_INT, rank, 0, &in, 1, MPI_INT, rank, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    assert(in == out);
    in = -1;
    MPI_Irecv(&in, 1, MPI_INT, rank, 1, MPI_COMM_WORLD, &req);
    MPI_Send(&out, 1, MPI_INT, rank, 1, MPI_COMM_WORLD);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    assert(in == out);
    MPI_Finalize();
    return 0;
}
