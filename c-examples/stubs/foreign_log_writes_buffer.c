/* RUN: -n 2
 * EXPECT: inconclusive
 * log_fill(buf, n), a function without source, is handed the buffer the
 * program then sends: what it may write reaches MPI_Send's data, and
 * through the receiver's assertion the outcome. The slicer keeps the call
 * (its pointer argument points into the cone of influence), and the check
 * stops there, inconclusive, naming log_fill.
 */
#include <assert.h>
#include <mpi.h>

void log_fill(int *buf, int n);

int main(int argc, char **argv) {
    int rank, buf[4] = {1, 2, 3, 4};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        log_fill(buf, 4);
        MPI_Send(buf, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(buf, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(buf[0] == 1);
    }
    MPI_Finalize();
    return 0;
}
