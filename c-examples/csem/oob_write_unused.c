/* RUN: -n 4
 * EXPECT: error memory-error
 * A histogram of ranks kept for a report that is never printed, sized for 3 ranks:
 * rank 3 writes past its end. Its contents influence nothing, but the out-of-bounds
 * write is a memory error of rank 3: undefined behavior that silently corrupts what
 * lies next to the array (a real run under MPICH happened to finish).
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, sum = 0;
    int seen[3] = {0, 0, 0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    seen[rank] = 1; /* rank 3: out of bounds */
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
