/* RUN: -n 2
 * EXPECT: error assertion
 * An error found before an unsupported construct is still an error. Rank 0 fails an
 * assertion on the value it received; rank 1, once its synchronous send has been received,
 * logs through syslog, which the model does not cover. The verdict is "error" (exit 1).
 * Nothing syslog returns or writes reaches an MPI call, an assertion or the exit status, so
 * the slicer drops the call and every report lists it as assumed to return.
 */
#include <assert.h>
#include <mpi.h>
#include <syslog.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        v = 5;
        MPI_Ssend(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        syslog(LOG_INFO, "sent %d", v);
    } else {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(v == 4);
    }
    MPI_Finalize();
    return v < 0;
}
