/* RUN: -n 2
 * EXPECT: verified
 * A solver loop calls log_progress(i) and log_message(msg), functions of a
 * logging library whose source the check does not have, and ignores their
 * results. Nothing they could return or write reaches an MPI call, an
 * assertion, a crash or the exit status: log_progress gets no pointer, and
 * log_message's only pointer is a local buffer nothing else reads. So the
 * slicer drops both calls instead of stopping the check there, and every
 * report lists what that assumes: that each call returns ("assumed to
 * return: log_progress at foreign_log_progress_ok.c:32"); a call that
 * never returned, or ended the process, would make a different program.
 * The ring exchange (MPI_Sendrecv, MPI 3.1 §3.10) and the final MPI_Reduce
 * (§5.9) verify.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int log_progress(int step);
int log_message(const char *text);

int main(int argc, char **argv) {
    int rank, size, token = 0, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    for (int i = 0; i < 4; i++) {
        int out = token + rank;
        MPI_Sendrecv(&out, 1, MPI_INT, right, 0, &token, 1, MPI_INT, left, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        log_progress(i);
        char msg[64];
        snprintf(msg, sizeof msg, "rank %d: step %d token %d", rank, i, token);
        log_message(msg);
    }
    MPI_Reduce(&token, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        assert(total >= 0);
    MPI_Finalize();
    return 0;
}
