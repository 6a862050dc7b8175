/* RUN: -n 2
 * EXPECT: error invalid-argument
 * The wrong twin of persistent_freed_type.c: the persistent request may keep using the
 * datatype freed after MPI_Send_init (MPI 3.1 §4.1.9), but a new call may not: rank 0 sends
 * with a copy of the freed handle.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, out[2] = {1, 2}, in[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Datatype two, copy;
    MPI_Type_contiguous(2, MPI_INT, &two);
    MPI_Type_commit(&two);
    copy = two;
    MPI_Request req;
    if (rank == 0) {
        MPI_Send_init(out, 1, two, 1, 0, MPI_COMM_WORLD, &req);
        MPI_Type_free(&two);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
        MPI_Send(out, 1, copy, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(in, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Type_free(&two);
    }
    MPI_Finalize();
    return 0;
}
