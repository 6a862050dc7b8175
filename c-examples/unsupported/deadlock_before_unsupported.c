/* RUN: -n 2
 * EXPECT: error deadlock
 * Both ranks receive before they send: a deadlock under every MPI
 * implementation, found although the code after it calls syslog (line
 * 24), which the model does not cover and no execution reaches. An
 * unsupported construct never hides an error found before it. (Nothing
 * syslog returns or writes matters here: the slicer drops the call and the
 * report lists it as assumed to return.)
 */
#include <mpi.h>
#include <stdio.h>
#include <syslog.h>

int main(int argc, char **argv) {
    int rank, in = 0, out;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int other = 1 - rank;
    out = rank;
    MPI_Recv(&in, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&out, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
    FILE *f = fopen("result.txt", "w");
    if (f == NULL) {
        syslog(LOG_ERR, "cannot write result.txt");
        return 1;
    }
    fprintf(f, "%d\n", in);
    fclose(f);
    MPI_Finalize();
    return 0;
}
