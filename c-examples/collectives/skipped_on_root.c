/* RUN: -n 3
 * EXPECT: error collective-mismatch
 * A diagnostic MPI_Reduce was put inside an `if (rank == 0)` logging block, so only rank 0
 * calls it; the other ranks skip it and go on to MPI_Gather. Rank 0's second collective is
 * a Reduce while everyone else's is a Gather.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int local = 2 * rank + 1, total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

    if (rank == 0) {
        int worst = 0;
        MPI_Reduce(&local, &worst, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD); /* bug */
        printf("total %d, worst %d\n", total, worst);
    }

    int *all = rank == 0 ? malloc(size * sizeof(int)) : NULL;
    MPI_Gather(&local, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(all);
    MPI_Finalize();
    return 0;
}
