/* RUN: -n 3 --any-input -- 10
 * EXPECT: verified
 * Fixed version of sscanf_steps_skip_reduce.c: rank 0 tests `steps % 5 != 0`, the others
 * `steps - blocks * 5 > 0`, the same condition for every count sscanf can return (the
 * validation keeps it in 1..1000). Under --any-input the solver shows that the ranks
 * never disagree: verified for every argument, malformed ones included.
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
        partial = steps - blocks * 5 > 0;
    if (!partial)
        MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d steps, residual %g\n", steps, residual);
    MPI_Finalize();
    return 0;
}
