/* RUN: -n 2
 * EXPECT: verified
 * Each rank sends to the other from a task while the thread that made the
 * task receives, under MPI_THREAD_MULTIPLE (MPI 4.0 §11.6 allows the two
 * calls at the same time, and the program is correct: the receive is
 * matched whichever call starts first). The task and its creator are
 * unordered until the taskwait, so the two MPI calls are concurrent: each
 * blocks only its own thread, and a send and a receive cannot take each
 * other's message, so one order of them stands for all.
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided, out, in = -1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int other = 1 - rank;
    out = rank;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task shared(out)
        MPI_Send(&out, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
        MPI_Recv(&in, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        #pragma omp taskwait
    }
    MPI_Finalize();
    return in == other ? 0 : 1;
}
