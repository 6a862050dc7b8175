/* RUN: -n 3
 * EXPECT: error assertion
 * A pairwise exchange that needs an even number of processes and refuses
 * other counts with a message to the system log (syslog), which the model
 * does not cover, then MPI_Abort. Nothing syslog returns or writes reaches
 * an MPI call, an assertion or the exit status, so the slicer drops the
 * call and every report lists it as assumed to return (line 21). With 3
 * processes every rank takes that path and the MPI_Abort is reported (MPI
 * 3.1 §8.7); with an even count no execution reaches it.
 */
#include <mpi.h>
#include <stdio.h>
#include <syslog.h>

int main(int argc, char **argv) {
    int rank, size, mine, theirs = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size % 2 != 0) {
        syslog(LOG_ERR, "need an even number of processes, got %d", size);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    mine = rank;
    int partner = rank ^ 1;
    MPI_Sendrecv(&mine, 1, MPI_INT, partner, 0, &theirs, 1, MPI_INT, partner, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (theirs != partner)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Finalize();
    return 0;
}
