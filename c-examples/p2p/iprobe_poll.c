/* RUN: -n 2
 * EXPECT: verified
 * Rank 1 polls with MPI_Iprobe until a tagged message from rank 0 is pending, reads its
 * length from the status with MPI_Get_count, then receives it. The message is always sent,
 * so the polling loop terminates.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int msg[3] = {8, 6, 7};
        MPI_Send(msg, 3, MPI_INT, 1, 5, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int flag = 0, count = 0;
        int buf[4] = {0, 0, 0, 0};
        MPI_Status st;
        while (!flag)
            MPI_Iprobe(0, 5, MPI_COMM_WORLD, &flag, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        assert(count == 3);
        MPI_Recv(buf, count, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(buf[0] == 8 && buf[1] == 6 && buf[2] == 7 && buf[3] == 0);
    }
    MPI_Finalize();
    return 0;
}
