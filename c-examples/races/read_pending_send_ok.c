/* RUN: -n 2
 * EXPECT: verified
 * Near miss of write_send_before_wait.c: reading (not writing) the buffer of a pending
 * send is allowed since MPI-3.0 (MPI 3.1 §3.7.2), and so are two pending sends of it.
 */
#include <assert.h>
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, v = 1, w = 0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Isend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
        w = v + 1;
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        v = w;
    } else {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&w, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 1 && w == 1);
    }
    MPI_Finalize();
    return 0;
}
