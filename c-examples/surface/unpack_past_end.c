/* RUN: -n 2
 * EXPECT: error count-mismatch
 * Rank 0 packs one int and two doubles; rank 1 unpacks three doubles after
 * the int, reading past the 20 bytes the message holds (insize): a
 * truncation, MPI_ERR_TRUNCATE (MPI 3.1 §4.2).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char buf[64];
    int position = 0;
    if (rank == 0) {
        int n = 2;
        double x[2] = {1.0, 2.0};
        MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &position, MPI_COMM_WORLD);
        MPI_Pack(x, 2, MPI_DOUBLE, buf, sizeof buf, &position, MPI_COMM_WORLD);
        MPI_Send(buf, position, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Status st;
        int got, n;
        double x[3];
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_PACKED, &got);
        MPI_Unpack(buf, got, &position, &n, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, got, &position, x, 3, MPI_DOUBLE, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
