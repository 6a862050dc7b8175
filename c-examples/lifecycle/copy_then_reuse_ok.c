/* RUN: -n 2
 * EXPECT: verified
 * Near miss of irecv_overwritten.c: the request variable is reused while the first receive is
 * pending, but its handle was copied into an array first, and MPI_Waitall completes both
 * receives from there. A handle is a value; any copy of it names the request (MPI 3.1 §2.5.1).
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, a = 0, b = 0;
    MPI_Request req, all[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        all[0] = req;
        MPI_Irecv(&b, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        all[1] = req;
        MPI_Waitall(2, all, MPI_STATUSES_IGNORE);
        assert(a == 1 && b == 2);
    } else {
        a = 1;
        b = 2;
        MPI_Send(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&b, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
