/* RUN: -n 2
 * EXPECT: error memory-error
 * A logging helper formats a "YYYY-mm-dd HH:MM:SS" stamp into its caller's buffer and
 * tells strftime the buffer holds STAMP_LEN (32) bytes; one caller passes a 16-byte
 * array. strftime writes the 19 characters and the NUL past the end of it (line 20): on
 * the stack in a real run, silent until it corrupts something. strftime's size must be
 * the size of the buffer it gets: pass it along (sizeof when at the array).
 */
#include <mpi.h>
#include <stdio.h>
#include <time.h>

#define STAMP_LEN 32

/* Writes the current time into buf, which must hold STAMP_LEN bytes. */
static void stamp(char *buf) {
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, STAMP_LEN, "%Y-%m-%d %H:%M:%S", &tm);
}

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char started[16]; /* too small for STAMP_LEN */
    stamp(started);
    double t = MPI_Wtime(), slowest;
    MPI_Reduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("started %s, slowest rank at %.3f s\n", started, slowest);
    MPI_Finalize();
    return 0;
}
