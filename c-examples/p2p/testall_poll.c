/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 receives two-element messages from ranks 1 and 2 with MPI_Irecv and polls both
 * with MPI_Testall until they are all complete; the data is read only after that.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int a[2], b[2], flag = 0;
        MPI_Request reqs[2];
        MPI_Irecv(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(b, 2, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        while (!flag)
            MPI_Testall(2, reqs, &flag, MPI_STATUSES_IGNORE);
        assert(a[0] == 1 && a[1] == 2);
        assert(b[0] == 2 && b[1] == 4);
    } else if (rank <= 2) {
        int msg[2] = {rank, 2 * rank};
        MPI_Send(msg, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
