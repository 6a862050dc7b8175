/* RUN: -n 2
 * EXPECT: verified
 * Each rank opens a log file and, if that fails, reports it to the system
 * log and aborts. syslog is not modeled, but the model's fopen for writing
 * succeeds, so no execution takes the error path: mpi-extract warns about
 * line 21 and the check is complete.
 */
#include <mpi.h>
#include <stdio.h>
#include <syslog.h>

int main(int argc, char **argv) {
    int rank, v = 0;
    char name[32];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(name, sizeof name, "rank%d.log", rank);
    FILE *log = fopen(name, "w");
    if (log == NULL) {
        syslog(LOG_ERR, "cannot open %s", name);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) {
        v = 42;
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        fprintf(log, "received %d\n", v);
    }
    fclose(log);
    MPI_Finalize();
    return 0;
}
