/* RUN: -n 2
 * EXPECT: error memory-error
 * A user bug: the log file is closed in a cleanup helper and again at the end of main,
 * by the rank that opened it; closing a FILE twice is undefined behavior (C11 7.21.5.1).
 */
#include <mpi.h>
#include <stdio.h>

static void finish_log(FILE *log, int steps) {
    fprintf(log, "done after %d steps\n", steps);
    fclose(log);
}

int main(int argc, char **argv) {
    int rank, steps = 0;
    FILE *log = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        log = fopen("run.log", "a");
    for (int s = 0; s < 3; s++) {
        MPI_Barrier(MPI_COMM_WORLD);
        steps++;
    }
    if (log != NULL) {
        finish_log(log, steps);
        fclose(log);
    }
    MPI_Finalize();
    return 0;
}
