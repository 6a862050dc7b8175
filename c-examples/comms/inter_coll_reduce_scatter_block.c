/* RUN: -n 4
 * EXPECT: verified
 * MPI_Reduce_scatter_block on an intercommunicator (MPI 3.1 §5.10.2): each group
 * scatters the reduction of the other group's vectors, recvcount elements per member;
 * both groups send 2 * 1 elements. Rank r of the upper half gets the sum of the lower
 * half's element r, 0 + 1.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 7, &inter);
    int v[2] = {rank, rank}, got = -1;
    MPI_Reduce_scatter_block(v, &got, 1, MPI_INT, MPI_SUM, inter);
    assert(got == (upper ? 0 + 1 : 2 + 3));
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
