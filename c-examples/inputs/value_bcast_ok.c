/* RUN: -n 2 --any-input -- 3
 * EXPECT: verified
 * Rank 0 broadcasts the number itself and every rank compares the received copy. The
 * received copy carries the broadcast input symbolically (a broadcast's data keeps the
 * root's shadows), so every rank's comparison cuts the same input: two cells, both
 * verified, for every argv[1].
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, n = 0, one = 1, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        n = argc > 1 ? atoi(argv[1]) : 4;
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (n > 4)
        MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
