/* RUN: -n 2
 * EXPECT: inconclusive
 * A recursive sum over the ranks' contributions: rank 0 adds the values it
 * received with a recursive helper. Its recursive call (line 13) becomes
 * a placeholder, and rank 0 reaches it: the check is inconclusive there,
 * naming the cycle (sum -> sum), never verified.
 */
#include <mpi.h>

#define N 4

static int sum(const int *v, int n) {
    return n == 0 ? 0 : v[n - 1] + sum(v, n - 1);
}

int main(int argc, char **argv) {
    int rank, v[N] = {1, 2, 3, 4};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        MPI_Send(v, N, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 0) {
        MPI_Recv(v, N, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (sum(v, N) != 10)
            MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return 0;
}
