/* RUN: -n 3 --any-input -- 10
 * EXPECT: verified
 * Block distribution of N items over the ranks: rank 0 hands the remainder to the last
 * rank when N is not a multiple of the number of ranks. Rank 0 tests `n % size != 0`; the
 * last rank computes the remainder another way, `n - (n / size) * size > 0`. Both are
 * exact for every N >= size the program accepts, so the exchange always matches. The
 * conditions combine the input non-linearly; under --any-input each is a path constraint
 * and the SMT solver shows that the mixed paths (one rank sends, the other does not
 * receive) have no input, so the verdict holds for every N.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size, n, extra = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = argc > 1 ? atoi(argv[1]) : 100;
    if (n < size) {
        if (rank == 0)
            fprintf(stderr, "need at least %d items\n", size);
        MPI_Finalize();
        return 0;
    }
    int block = n / size;
    if (rank == 0 && n % size != 0) {
        extra = n % size;
        MPI_Send(&extra, 1, MPI_INT, size - 1, 7, MPI_COMM_WORLD);
    }
    if (rank == size - 1 && n - block * size > 0)
        MPI_Recv(&extra, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: %d items\n", rank, block + (rank == size - 1 ? extra : 0));
    MPI_Finalize();
    return 0;
}
