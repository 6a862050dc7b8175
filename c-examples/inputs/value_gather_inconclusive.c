/* RUN: -n 2 --any-input -- 3
 * EXPECT: inconclusive
 * Every rank contributes a number to a gather at rank 0 (rank 0 its argument), and rank 0
 * decides from the gathered values whether a second collective follows, broadcasting the
 * decision. The program is correct, but mpi-check does not follow input symbols through
 * gathers: the gathered values are input-dependent data it does not describe, so the
 * check answers inconclusive (naming the line) instead of "verified" — never a false
 * alarm.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, mine = 0, all[2] = {0, 0}, big = 0, one = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        mine = argc > 1 ? atoi(argv[1]) : 4;
    MPI_Gather(&mine, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        big = all[0] > 4;
    MPI_Bcast(&big, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (big)
        MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
