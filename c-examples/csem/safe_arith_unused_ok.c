/* RUN: -n 3
 * EXPECT: verified
 * Work that influences no MPI call and cannot fail: divisions by constants, indexing a
 * local array at constant positions. Slicing removes it, and the program is verified
 * in one execution.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, sum = 0, scratch[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    scratch[0] = rank / 2;
    scratch[3] = rank % 7;
    (void)scratch;
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return sum == 3 ? 0 : 1;
}
