/* RUN: -n 3 --any-input --input argv[1]=1..12 -- 4
 * EXPECT: verified
 * Each rank owns N cells (N from the command line, allocated with malloc) plus two ghost
 * cells, and exchanges its edge cells with both neighbours every step. The allocation
 * size and the loop bounds depend on N, so no single run stands for every N; with
 * `--input argv[1]=1..12` the check covers every N from 1 to 12, one input cell each, and
 * the verdict holds for exactly that range (the statistics line names it).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1) {
        if (rank == 0)
            fprintf(stderr, "N must be positive\n");
        MPI_Finalize();
        return 0;
    }
    double *u = malloc((n + 2) * sizeof(double));
    for (int i = 0; i < n + 2; i++)
        u[i] = rank;
    int left = rank == 0 ? MPI_PROC_NULL : rank - 1;
    int right = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
    for (int step = 0; step < 2; step++) {
        MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[n + 1], 1, MPI_DOUBLE, right, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 1; i <= n; i++)
            u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    }
    free(u);
    MPI_Finalize();
    return 0;
}
