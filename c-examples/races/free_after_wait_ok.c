/* RUN: -n 2
 * EXPECT: verified
 * Near miss of free_pending_isend.c: the helper returns the buffer with the request and the
 * caller frees it only after MPI_Wait; the receiver frees its heap buffer after MPI_Irecv's
 * MPI_Wait too.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

static MPI_Request send_copy(const int *values, int n, int dest, int **copy) {
    MPI_Request req;
    *copy = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        (*copy)[i] = values[i];
    MPI_Isend(*copy, n, MPI_INT, dest, 0, MPI_COMM_WORLD, &req);
    return req;
}

int main(int argc, char **argv) {
    int rank, v[3] = {1, 2, 3};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int *copy;
        MPI_Request req = send_copy(v, 3, 1, &copy);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        free(copy);
    } else {
        MPI_Request req;
        int *in = malloc(3 * sizeof(int));
        MPI_Irecv(in, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(in[0] + in[1] + in[2] == 6);
        free(in);
    }
    MPI_Finalize();
    return 0;
}
