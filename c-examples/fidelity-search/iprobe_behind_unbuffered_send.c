/* RUN: -n 2 --all-errors
 * EXPECT: error non-termination
 * Rank 0 sends tag 0, then tag 1, with MPI_Send. Rank 1 spins on MPI_Iprobe for tag 1 and
 * receives tag 0 only after the loop. When the library buffers the first send, the loop
 * ends; a library that does not buffer standard sends (MPI 3.1 §3.4 allows it) keeps
 * rank 0 in its first MPI_Send until rank 1 receives tag 0, which it does only after the
 * loop: tag 1 is never sent and rank 1 polls forever (MPI's progress rule, §3.7.4, needs
 * a matching message to have been sent). The default --buffering any includes that
 * library, as --buffering zero and the exhaustive search (--reduction none) show.
 * Twin: iprobe_after_irecv_ok.c.
 */
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, first = 1, second = 2, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(&first, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Send(&second, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    } else if (rank == 1) {
        while (!flag)
            MPI_Iprobe(0, 1, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        MPI_Recv(&second, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&first, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
