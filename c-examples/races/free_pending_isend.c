/* RUN: -n 2
 * EXPECT: error local-race
 * A helper posts an MPI_Isend from a heap buffer and frees the buffer at once, leaving the
 * request for the caller to wait on: the library may still be reading the freed memory
 * (MPI 3.1 §3.7.2: the buffer belongs to the operation until it completes).
 */
#include <mpi.h>
#include <stdlib.h>

static MPI_Request send_copy(const int *values, int n, int dest) {
    MPI_Request req;
    int *copy = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        copy[i] = values[i];
    MPI_Isend(copy, n, MPI_INT, dest, 0, MPI_COMM_WORLD, &req);
    free(copy); /* bug: the send may not have read it yet */
    return req;
}

int main(int argc, char **argv) {
    int rank, v[3] = {1, 2, 3}, in[3];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Request req = send_copy(v, 3, 1);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(in, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
