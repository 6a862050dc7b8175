/* RUN: -n 2
 * EXPECT: error assertion
 * Rank 0 keeps a results file with a header line "runs=N" that it patches after adding
 * a record. It opens the file with "a+" and seeks back to the header before writing the
 * new count, but in append mode every write goes to the end of the file whatever the
 * position (C11 7.21.5.3: "all subsequent writes to the file to be forced to the then
 * current end-of-file"), so the header keeps its old count and the check that reads it
 * back fails. Opening with "r+" (and seeking to the end for the record) fixes it.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double result = 1.5 * (rank + 1), total = 0;
    MPI_Reduce(&result, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        FILE *f = fopen("results.log", "w");
        fprintf(f, "runs=%d\n", 0);
        fclose(f);

        f = fopen("results.log", "a+");
        fprintf(f, "total %.2f\n", total);
        fseek(f, 0, SEEK_SET);
        fprintf(f, "runs=%d\n", 1);
        fclose(f);

        int runs = -1;
        f = fopen("results.log", "r");
        assert(fscanf(f, "runs=%d", &runs) == 1);
        fclose(f);
        assert(runs == 1);
    }
    MPI_Finalize();
    return 0;
}
