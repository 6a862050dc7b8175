/* RUN: -n 2 --any-input -- 3
 * EXPECT: inconclusive
 * Rank 0 broadcasts the number itself and every rank compares the received copy. The
 * program is correct, but mpi-check does not follow input symbols through messages: the
 * comparison on rank 1 depends on input it does not follow symbolically, so it answers
 * inconclusive (naming the line) instead of "verified" — never a false alarm.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, n = 0, one = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        n = argc > 1 ? atoi(argv[1]) : 4;
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (n > 4)
        MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
