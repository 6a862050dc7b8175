/* RUN: -n 4
 * EXPECT: verified
 * Near miss of comm_barrier_dup_vs_world.c: the even and the odd ranks each
 * get their own communicator from MPI_Comm_split and call MPI_Barrier on it.
 * The ranks call the same function on different communicators at the same
 * line, which is correct: each barrier has exactly its communicator's members.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, sum = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);

    MPI_Barrier(half);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, half);

    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
