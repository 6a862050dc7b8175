/* RUN: -n 3
 * EXPECT: verified
 * Near miss of rsend_unposted.c: each worker posts its MPI_Irecv and then tells rank 0 "ready"
 * with a zero-byte message; rank 0 ready-sends to a worker only after receiving its token, so
 * the receive is posted first in every execution (MPI 3.1 §3.4), whichever worker is first.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (int i = 1; i < size; i++) {
            MPI_Status st;
            int job;
            MPI_Recv(NULL, 0, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
            job = 10 * st.MPI_SOURCE;
            MPI_Rsend(&job, 1, MPI_INT, st.MPI_SOURCE, 2, MPI_COMM_WORLD);
        }
    } else {
        int job = -1;
        MPI_Request req;
        MPI_Irecv(&job, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &req);
        MPI_Send(NULL, 0, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        assert(job == 10 * rank);
    }
    MPI_Finalize();
    return 0;
}
