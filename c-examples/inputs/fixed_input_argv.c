/* RUN: -n 2 --any-input --input argv[1]=7
 * EXPECT: error collective-mismatch
 * The program of argv_skips_bcast.c with one input fixed by --input (as a replay does): argv[1]
 * is 7 in every run, so only argc still varies, and the mismatch of inputs above 4 is found
 * at once.
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
