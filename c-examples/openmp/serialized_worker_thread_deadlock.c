/* RUN: -n 2
 * EXPECT: error deadlock
 * EXPECT: error buffering-hazard
 * Under MPI_THREAD_SERIALIZED a dedicated communication thread (thread 1 of
 * each team) exchanges a message while thread 0 computes: allowed, since
 * only one thread per process calls MPI. But the tags disagree, so rank 1's
 * thread 1 waits forever in MPI_Recv (and rank 0 waits in MPI_Send where
 * the library does not buffer it: a buffering hazard). The trace names the
 * thread of each step made in a team of more than one ("rank 0 thread 1").
 */
#include <mpi.h>
#include <omp.h>

#define N 16

int main(int argc, char **argv) {
    int rank, provided;
    double field[N], halo = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1) {
            double edge = rank;
            if (rank == 0)
                MPI_Send(&edge, 1, MPI_DOUBLE, 1, 10, MPI_COMM_WORLD);
            else
                MPI_Recv(&halo, 1, MPI_DOUBLE, 0, 11, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            for (int i = 0; i < N; i++)
                field[i] = i * 0.5;
        }
    }
    MPI_Finalize();
    return 0;
}
