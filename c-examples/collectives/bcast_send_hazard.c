/* RUN: -n 2
 * EXPECT: error buffering-hazard
 * bcast_sync_deadlock.c with a standard MPI_Send. It hangs only if Bcast synchronizes AND
 * the send is not buffered. With infinite buffering it completes for both Bcast kinds
 * (the send returns at once); with zero buffering and a non-synchronizing Bcast it
 * completes too. The cycle needs the unbuffered-send edge, so it is a buffering hazard.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, param = 0, report = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        param = 5;
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Recv(&report, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(report == 77);
    } else if (rank == 1) {
        report = 77;
        MPI_Send(&report, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        assert(param == 5);
    }
    MPI_Finalize();
    return 0;
}
