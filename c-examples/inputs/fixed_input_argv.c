/* RUN: -n 2 --any-input --input argv[1]=7 -- 0
 * EXPECT: error collective-mismatch
 * The program of argv_skips_bcast.c with one input fixed by --input (as a replay does): the
 * program is run with one argument (`-- 0`: argc and the shape of argv are as given, their
 * contents are inputs), argv[1] is 7 in every run, and the mismatch of inputs above 4 is
 * found at once.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, table[4] = {0, 0, 0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (rank == 0 && n > 4) {
        for (int i = 0; i < 4; i++)
            table[i] = i;
    } else {
        MPI_Bcast(table, 4, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
