/* RUN: -n 2
 * EXPECT: verified
 * The exchange of funneled_single.c under MPI_THREAD_SERIALIZED: any one
 * thread may call MPI as long as no two call at once, and a `single` block
 * runs on exactly one thread, so the program is correct whichever thread
 * that is.
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
    int rank, provided, x = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel
    {
        #pragma omp single
        {
            if (rank == 0)
                MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
            else
                MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    MPI_Finalize();
    return 0;
}
