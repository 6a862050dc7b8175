/* RUN: -n 3
 * EXPECT: verified
 * Near miss of coll_order_reduce_bcast.c: the root and the other ranks call
 * the collectives from different branches and source lines, but in the same
 * order (MPI_Bcast, then MPI_Reduce), which is all MPI 3.1 §5.13 asks.
 */
#include <assert.h>
#include <stddef.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size, param = 0, res, total = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        param = 42;
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        res = param;
        MPI_Reduce(&res, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        assert(total == 42 * size);
    } else {
        MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
        res = param;
        MPI_Reduce(&res, NULL, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
