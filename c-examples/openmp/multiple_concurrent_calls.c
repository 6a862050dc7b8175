/* RUN: -n 2
 * EXPECT: verified
 * Under MPI_THREAD_MULTIPLE every thread exchanges its own message (tag =
 * thread number). The threads' calls are inside MPI at the same time: a
 * blocking call blocks only its thread (MPI 4.0 §11.6.2), and the receives
 * of different threads name different tags, so the order in which the
 * library takes them changes no match. Verified also with
 * OMP_NUM_THREADS=4.
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        int t = omp_get_thread_num(), x = t;
        if (rank == 0)
            MPI_Send(&x, 1, MPI_INT, 1, t, MPI_COMM_WORLD);
        else
            MPI_Recv(&x, 1, MPI_INT, 0, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
