/* RUN: -n 2
 * EXPECT: error collective-mismatch
 * A solver that runs "until the time budget is spent": each rank reads its own clock
 * (gettimeofday) to decide whether to do another iteration, and each iteration ends with
 * an MPI_Allreduce of the residual. Rank 0 also computes a norm for a progress line every
 * iteration, so its clock runs ahead: it leaves the loop earlier and reaches
 * MPI_Finalize while rank 1 calls its next MPI_Allreduce. Whether a real run hangs
 * depends on timing; the checker's clock is the work each rank executed (1 ns per
 * model instruction, the same in every check), so the ranks disagree on the iteration
 * count in every check. The fix: let rank 0 decide and broadcast the decision.
 */
#include <mpi.h>
#include <stdio.h>
#include <sys/time.h>

#define BUDGET_US 4

static long elapsed_us(const struct timeval *t0) {
    struct timeval t;
    gettimeofday(&t, NULL);
    return (t.tv_sec - t0->tv_sec) * 1000000L + (t.tv_usec - t0->tv_usec);
}

int main(int argc, char **argv) {
    int rank, iter = 0;
    double u[32], residual = 1.0, global;
    char line[128];
    struct timeval start;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 32; i++)
        u[i] = rank + i;
    gettimeofday(&start, NULL);
    while (elapsed_us(&start) < BUDGET_US) {
        double local = 0.0;
        for (int i = 1; i < 31; i++) {
            u[i] = 0.5 * (u[i - 1] + u[i + 1]);
            local += u[i] * 1e-3;
        }
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        residual = global;
        if (rank == 0) {
            double norm = 0.0;
            for (int i = 0; i < 32; i++)
                norm += u[i] * u[i];
            snprintf(line, sizeof line, "iter %d residual %.6e norm %.6e (%ld us)", iter,
                     residual, norm, elapsed_us(&start));
        }
        iter++;
    }
    if (rank == 0)
        printf("%s\n", line);
    MPI_Finalize();
    return 0;
}
