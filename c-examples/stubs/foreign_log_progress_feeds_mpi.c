/* RUN: -n 2
 * EXPECT: inconclusive
 * The twin of foreign_log_progress_ok.c whose loop takes the value
 * log_progress(i) returns as the tag of its MPI_Sendrecv: the result of a
 * function without source reaches an MPI call, so the slicer must keep the
 * call, and the check stops where it runs, inconclusive, naming
 * log_progress (give its definition with --stub, or assume it has no
 * effect with --assume-no-effect). Dropping it would verify a program whose
 * matching depends on a value nobody knows.
 */
#include <mpi.h>

int log_progress(int step);

int main(int argc, char **argv) {
    int rank, size, token = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    for (int i = 0; i < 4; i++) {
        int tag = log_progress(i);
        int out = token + rank;
        MPI_Sendrecv(&out, 1, MPI_INT, right, tag, &token, 1, MPI_INT, left, tag,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
