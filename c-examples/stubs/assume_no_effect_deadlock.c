/* RUN: -n 2 --assume-no-effect log_event
 * EXPECT: error deadlock
 * An assumption does not hide errors: log_event (a tracing library
 * without source) is assumed to have no effect, and the check goes on past
 * it to the real bug, both ranks receiving before sending with MPI_Ssend
 * (MPI 3.1 §3.4: a synchronous send completes only once matched). The
 * report lists the assumption the search used.
 */
#include <mpi.h>

void log_event(const char *what, int rank);

int main(int argc, char **argv) {
    int rank, in = 0, out;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    out = rank;
    log_event("exchange", rank);
    MPI_Recv(&in, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ssend(&out, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
