/* RUN: -n 2
 * EXPECT: verified
 * Near miss of isend_never_waited.c and persistent_not_freed.c: the MPI_Isend request is
 * freed (MPI_Request_free; the reply shows it completed), and the persistent request is freed.
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 1, ack = 0;
    MPI_Request req, p;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        MPI_Recv_init(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &p);
        MPI_Start(&p);
        MPI_Wait(&p, MPI_STATUS_IGNORE);
        MPI_Request_free(&p);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
