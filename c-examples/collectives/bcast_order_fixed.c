/* RUN: -n 2
 * EXPECT: verified
 * Near miss of bcast_sync_deadlock.c: rank 0 now receives the report before entering the
 * broadcast, so the point-to-point exchange completes before any rank reaches the
 * collective; correct whether Bcast synchronizes or not.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, param = 0, report = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Recv(&report, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(report == 77);
        param = 5;
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        report = 77;
        MPI_Ssend(&report, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        assert(param == 5);
    }
    MPI_Finalize();
    return 0;
}
