/* RUN: -n 2
 * EXPECT: verified
 * Near miss of isend_never_waited.c: the request is completed by MPI_Test in a loop, not
 * MPI_Wait, before MPI_Finalize; a matched MPI_Irecv is completed by MPI_Waitall.
 */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 1, flag = 0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    } else {
        MPI_Irecv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Waitall(1, &req, MPI_STATUSES_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
