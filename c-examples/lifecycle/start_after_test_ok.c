/* RUN: -n 2
 * EXPECT: verified
 * Near miss of startall_active.c and ../requests/persistent_start_active.c: the send request
 * is restarted only after MPI_Test reported it complete (which makes it inactive, MPI 3.1
 * §3.9), so no start finds it active. The receiver uses a blocking MPI_Recv.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, value = 0, flag;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send_init(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &req);
        for (int step = 0; step < 2; step++) {
            value = step;
            MPI_Start(&req);
            flag = 0;
            while (!flag)
                MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&req);
    } else {
        for (int step = 0; step < 2; step++) {
            MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(value == step);
        }
    }
    MPI_Finalize();
    return 0;
}
