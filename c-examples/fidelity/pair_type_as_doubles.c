/* RUN: -n 2
 * EXPECT: error type-mismatch
 * The wrong twin of pair_types.c: MPI_DOUBLE_INT is the pair {double, int} (MPI 3.1 §5.9.4),
 * so its messages do not match a receive of MPI_DOUBLE (§3.3.1): the second basic element
 * sent is an MPI_INT where the receive expects an MPI_DOUBLE.
 */
#include <mpi.h>

struct di { double v; int i; };

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        struct di out[2] = {{1.5, 10}, {2.5, 20}};
        MPI_Send(out, 2, MPI_DOUBLE_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        double in[4];
        MPI_Recv(in, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
