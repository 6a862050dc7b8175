/* RUN: -n 2
 * EXPECT: verified
 * Near miss of isend_overwritten_loop.c: the loop reuses one request variable, but each send is
 * completed (MPI_Wait) or freed (MPI_Request_free, after which the variable is
 * MPI_REQUEST_NULL) before the next MPI_Isend writes into it. A final acknowledgement makes
 * the freed send's completion visible.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, vals[3] = {1, 2, 3}, ack = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            MPI_Isend(&vals[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &req);
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
        MPI_Isend(&vals[2], 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        MPI_Irecv(&ack, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        for (int i = 0; i < 3; i++)
            MPI_Recv(&vals[i], 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&ack, 1, MPI_INT, 0, 9, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
