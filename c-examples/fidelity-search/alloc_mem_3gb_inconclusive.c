/* RUN: -n 2
 * EXPECT: inconclusive
 * MPI_Alloc_mem of 3 GiB (MPI 3.1 §8.2): memory for the process, like malloc's, and
 * the same limit of the model (2 GiB in one block). A real library may or may not have
 * it; the check ends inconclusive at the call, not with a memory-error.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    char *base;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Alloc_mem((MPI_Aint)3 << 30, MPI_INFO_NULL, &base);
    base[0] = (char)rank;
    MPI_Free_mem(base);
    MPI_Finalize();
    return 0;
}
