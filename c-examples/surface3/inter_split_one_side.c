/* RUN: -n 3
 * EXPECT: verified
 * MPI_Comm_split on an intercommunicator (MPI 3.1 §6.4.2): processes of the two
 * groups with the same color form a new intercommunicator, ordered by key within
 * each group; a color given on one side only, or MPI_UNDEFINED, yields
 * MPI_COMM_NULL. The lower half is {0}, the upper {1, 2}: world rank 2 picks a
 * color nobody on the other side picks and gets MPI_COMM_NULL; ranks 0 and 1 form
 * an intercommunicator of one process per side and exchange a message over it.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 1;
    MPI_Comm half, inter, sub;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 1, 3, &inter);
    MPI_Comm_split(inter, rank == 2 ? 9 : 4, 0, &sub);
    if (rank == 2) {
        assert(sub == MPI_COMM_NULL);
    } else {
        int size, rsize, v = rank;
        MPI_Comm_size(sub, &size);
        MPI_Comm_remote_size(sub, &rsize);
        assert(size == 1 && rsize == 1);
        MPI_Sendrecv_replace(&v, 1, MPI_INT, 0, 0, 0, 0, sub, MPI_STATUS_IGNORE);
        assert(v == 1 - rank);
        MPI_Comm_free(&sub);
    }
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
