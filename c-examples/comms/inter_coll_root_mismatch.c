/* RUN: -n 4
 * EXPECT: error root-mismatch
 * A broadcast on an intercommunicator (MPI 3.1 §5.2.2): the lower group's rank 0 passes
 * MPI_ROOT, but the upper group names rank 1 of the lower group as the root, and that
 * process passed MPI_PROC_NULL. The members do not agree on the root.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int upper = rank >= 2;
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, upper, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, upper ? 0 : 2, 7, &inter);
    int me;
    MPI_Comm_rank(inter, &me);
    int v = 5;
    int root = upper ? 1 : (me == 0 ? MPI_ROOT : MPI_PROC_NULL);
    MPI_Bcast(&v, 1, MPI_INT, root, inter);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
