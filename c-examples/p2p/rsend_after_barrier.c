/* RUN: -n 2
 * EXPECT: verified
 * Correct ready-mode send: rank 1 pre-posts MPI_Irecv, then both ranks meet in a barrier,
 * and only afterwards rank 0 calls MPI_Rsend, so the matching receive is always posted.
 * The receiver reads the data only after MPI_Wait.
 */
#include <assert.h>
#include <mpi.h>

#define LEN 4

int main(int argc, char **argv) {
    int rank;
    int data[LEN];
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 1) {
        MPI_Irecv(data, LEN, MPI_INT, 0, 7, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        for (int i = 0; i < LEN; i++)
            assert(data[i] == i * i);
    } else if (rank == 0) {
        for (int i = 0; i < LEN; i++)
            data[i] = i * i;
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Rsend(data, LEN, MPI_INT, 1, 7, MPI_COMM_WORLD);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
