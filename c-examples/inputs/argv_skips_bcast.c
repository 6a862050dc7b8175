/* RUN: -n 2 --any-input -- 3
 * EXPECT: error collective-mismatch
 * Rank 0 skips the broadcast of its work table when the size argument is above 4 (it
 * "knows" the table is then built locally), but rank 1 always joins the broadcast. With
 * `-- 3` every run passes; under --any-input the check finds the inputs 5 and above.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, table[4] = {0, 0, 0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int n = argc > 1 ? atoi(argv[1]) : 4;
    if (rank == 0 && n > 4) {
        for (int i = 0; i < 4; i++)
            table[i] = i;
    } else {
        MPI_Bcast(table, 4, MPI_INT, 0, MPI_COMM_WORLD);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
