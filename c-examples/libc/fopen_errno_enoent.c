/* RUN: -n 2
 * EXPECT: verified
 * Rank 0 tries an optional configuration file and, when fopen fails, reports why with
 * strerror(errno) and goes on with defaults: fopen sets errno (here ENOENT, "No such
 * file or directory") when it returns NULL.
 */
#include <assert.h>
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, iters = 10;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        FILE *f = fopen("optional-settings.conf", "r");
        if (f == NULL) {
            assert(errno == ENOENT);
            printf("no settings (%s), defaults used\n", strerror(errno));
        } else {
            if (fscanf(f, "%d", &iters) != 1)
                iters = 10;
            fclose(f);
        }
    }
    MPI_Bcast(&iters, 1, MPI_INT, 0, MPI_COMM_WORLD);
    assert(iters == 10);
    MPI_Finalize();
    return 0;
}
