/* RUN: -n 2 --any-input -- 64
 * EXPECT: verified
 * The usual start of a real program: it stops with a usage message unless it gets exactly one
 * argument, then reads the problem size from it. Under --any-input the number of arguments and
 * the shape of argv are as given (`-- 64`: one argument) and only their contents vary, so the
 * usage exit is not reported as a failure and argv[1] is never NULL; every size takes the
 * same collective on every rank.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, n, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc != 2) {
        if (rank == 0)
            fprintf(stderr, "usage: %s SIZE\n", argv[0]);
        MPI_Finalize();
        return 1;
    }
    n = atoi(argv[1]);
    if (n > 1000) {
        /* large problems: every rank contributes its share */
        int share = rank + 1;
        MPI_Allreduce(&share, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    } else {
        /* small problems: rank 0 does it all and tells the others */
        if (rank == 0)
            total = 3;
        MPI_Bcast(&total, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    if (total != 3)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Finalize();
    return 0;
}
