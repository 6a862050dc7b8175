/* RUN: -n 3 --any-input -- 10
 * EXPECT: error collective-mismatch
 * Every rank parses the number of steps from its argument with sscanf and validates it:
 * a missing or malformed number falls back to the default of 10 steps. A step count that
 * is not a multiple of 5 makes the last partial block skip the residual check, but only
 * rank 0 skips it (it tests `steps % 5`, the others test the block count), so a run with
 * such a count leaves a reduction unmatched. Under --any-input what sscanf returns (a
 * number, no number, nothing) and the number itself are inputs; the solver finds a
 * count for each path.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int parse_steps(int argc, char **argv) {
    int steps = 10;
    if (argc > 1 && sscanf(argv[1], "%d", &steps) != 1) {
        fprintf(stderr, "bad step count '%s', using 10\n", argv[1]);
        steps = 10;
    }
    if (steps < 1 || steps > 1000)
        steps = 10;
    return steps;
}

int main(int argc, char **argv) {
    int rank, steps;
    double local = 1.0, residual = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    steps = parse_steps(argc, argv);
    int blocks = steps / 5, partial;
    if (rank == 0)
        partial = steps % 5 != 0;
    else
        partial = steps - blocks * 5 > 1;
    if (!partial)
        MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d steps, residual %g\n", steps, residual);
    MPI_Finalize();
    return 0;
}
