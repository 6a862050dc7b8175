/* RUN: -n 2
 * EXPECT: error deadlock
 * Rank 0 broadcasts (root 0) and then receives rank 1's report; rank 1 MPI_Ssend's the
 * report before entering the broadcast. A non-synchronizing Bcast lets root 0 return at
 * once and all is well, but a synchronizing Bcast waits for rank 1, which waits in Ssend for
 * rank 0's receive. MPI allows both, so this is a deadlock (Ssend: buffering is irrelevant).
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
        MPI_Ssend(&report, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        assert(param == 5);
    }
    MPI_Finalize();
    return 0;
}
