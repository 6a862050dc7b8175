/* RUN: -n 2 --stdin scanf_sizes.txt
 * EXPECT: verified
 * Rank 0 reads the problem from standard input with scanf (a count, then that many
 * values), as a run under `mpiexec -n 2 ./prog < scanf_sizes.txt` would: mpiexec
 * forwards standard input to rank 0 only. It broadcasts the values, and every rank
 * checks their sum. `--stdin FILE` gives the checker the same input.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, n = 0, v[16], sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        if (scanf("%d", &n) != 1 || n < 0 || n > 16)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (int i = 0; i < n; i++)
            if (scanf("%d", &v[i]) != 1)
                MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(v, n, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; i++)
        sum += v[i];
    assert(sum == 9);
    MPI_Finalize();
    return 0;
}
