/* RUN: -n 2 --arg 99999999999999999999
 * EXPECT: verified
 * Rank 0 parses its argument with strtol and checks errno, as robust code does: a
 * value out of range gives LONG_MAX and sets errno to ERANGE (C11 7.22.1.4), and the
 * program falls back to a default size it broadcasts. strerror names the problem.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank;
    long n = 8;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && argc > 1) {
        errno = 0;
        char *end;
        long v = strtol(argv[1], &end, 10);
        if (errno == ERANGE) {
            assert(v == LONG_MAX);
            fprintf(stderr, "size %s: %s, using %ld\n", argv[1], strerror(errno), n);
            assert(strcmp(strerror(ERANGE), "Numerical result out of range") == 0);
        } else {
            n = v;
        }
    }
    MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    assert(n == 8);
    MPI_Finalize();
    return 0;
}
