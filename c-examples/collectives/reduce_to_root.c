/* RUN: -n 4
 * EXPECT: verified
 * MPI_Reduce to root 1 with three operations: SUM of rank+1 (= n(n+1)/2), MAX of rank^2
 * (= (n-1)^2) and PROD over doubles of 2.0 (= 2^n). Only the root checks the results, as the
 * receive buffer is significant only there.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int root = size > 1 ? 1 : 0;

    int one_based = rank + 1, sq = rank * rank, sum = 0, mx = 0;
    double two = 2.0, prod = 0.0;
    MPI_Reduce(&one_based, &sum, 1, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
    MPI_Reduce(&sq, &mx, 1, MPI_INT, MPI_MAX, root, MPI_COMM_WORLD);
    MPI_Reduce(&two, &prod, 1, MPI_DOUBLE, MPI_PROD, root, MPI_COMM_WORLD);

    if (rank == root) {
        assert(sum == size * (size + 1) / 2);
        assert(mx == (size - 1) * (size - 1));
        assert(prod == (double)(1 << size));
    }
    MPI_Finalize();
    return 0;
}
