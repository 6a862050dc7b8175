/* RUN: -n 2 -- grid=16x8 eps=2.5e-3 name=heat
 * EXPECT: verified
 * Rank 0 reads "key=value" arguments with sscanf (%dx%d, %lf, %15s), keeps the run name
 * with strdup, reports allocation failures with perror and fputs, and broadcasts the
 * parameters in a packed array of doubles; every rank checks them.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int rank, nx = 0, ny = 0;
    double eps = 0.0, params[3];
    char *name = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 1; i < argc; i++) {
            char word[16];
            if (sscanf(argv[i], "grid=%dx%d", &nx, &ny) == 2)
                continue;
            if (sscanf(argv[i], "eps=%lf", &eps) == 1)
                continue;
            if (sscanf(argv[i], "name=%15s", word) == 1) {
                name = strdup(word);
                if (name == NULL) {
                    perror("strdup");
                    MPI_Abort(MPI_COMM_WORLD, 2);
                }
                continue;
            }
            fputs("unknown argument\n", stderr);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        params[0] = nx;
        params[1] = ny;
        params[2] = eps;
    }
    MPI_Bcast(params, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    assert(params[0] == 16 && params[1] == 8 && params[2] == 2.5e-3);
    double *grid = malloc((size_t)params[0] * (size_t)params[1] * sizeof(double));
    if (grid == NULL) {
        perror("malloc");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    if (rank == 0) {
        assert(name != NULL && strcmp(name, "heat") == 0);
        printf("%s: %dx%d, eps %g\n", name, nx, ny, eps);
        free(name);
    }
    free(grid);
    MPI_Finalize();
    return 0;
}
