/* RUN: -n 2
 * EXPECT: error assertion
 * The classic end-of-file mistake: rank 0 loops `while (!feof(f))` around fscanf.
 * feof is set only after a read hit the end, so after the last value the loop runs
 * once more, fscanf returns EOF without storing, and the last value is counted twice
 * (C11 7.21.6.2, 7.21.10.2).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, count = 0;
    double x = 0, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        FILE *f = fopen("values.txt", "r");
        if (!f)
            MPI_Abort(MPI_COMM_WORLD, 1);
        while (!feof(f)) { /* BUG: test what fscanf returns instead */
            fscanf(f, "%lf", &x);
            sum += x;
            count++;
        }
        fclose(f);
    }
    MPI_Bcast(&sum, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(&count, 1, MPI_INT, 0, MPI_COMM_WORLD);
    assert(count == 3 && sum == 7.0);
    MPI_Finalize();
    return 0;
}
