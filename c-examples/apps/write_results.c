/* RUN: -n 3
 * EXPECT: verified
 * Results gathered on rank 0 and written to a file the way application codes do it:
 * fopen("w") checked against NULL with perror, a header with fprintf, the raw array with
 * fwrite (checking the count it returns), fclose; the other ranks only compute. A file
 * opened for reading would make the check inconclusive (its contents are not modeled).
 */
#include <assert.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NLOC 4

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double local[NLOC];
    for (int i = 0; i < NLOC; i++)
        local[i] = exp(-0.1 * (rank * NLOC + i));
    double *all = rank == 0 ? malloc(size * NLOC * sizeof(double)) : NULL;
    MPI_Gather(local, NLOC, MPI_DOUBLE, all, NLOC, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *fp = fopen("profile.dat", "w");
        if (fp == NULL) {
            perror("profile.dat");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        fprintf(fp, "# %d ranks x %d points\n", size, NLOC);
        size_t n = fwrite(all, sizeof(double), (size_t)size * NLOC, fp);
        assert(n == (size_t)size * NLOC);
        fclose(fp);
        free(all);
    }
    MPI_Finalize();
    return 0;
}
