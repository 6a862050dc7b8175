/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 1 reports with TAG_REPORT through a synchronous send, but rank 0 waits
 * for TAG_READY first. Rank 0 waits for rank 1 in MPI_Recv, rank 1 waits for
 * rank 0 in MPI_Ssend (its message is never received): a wait-for cycle. The
 * report also names the message with the unexpected tag.
 */
#include <mpi.h>

enum { TAG_READY = 1, TAG_REPORT = 2 };

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, 1, TAG_READY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&v, 1, MPI_INT, 1, TAG_READY, MPI_COMM_WORLD);
    } else if (rank == 1) {
        v = 7;
        MPI_Ssend(&v, 1, MPI_INT, 0, TAG_REPORT, MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 0, TAG_READY, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
