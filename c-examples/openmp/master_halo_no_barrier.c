/* RUN: -n 2
 * EXPECT: error data-race
 * The main thread receives the neighbor's values inside `#pragma omp master`
 * and the loop that reads them starts right after: `master` has no barrier
 * at its end, so the other threads may read `halo` while MPI still writes
 * it. The race is between the receive's buffer (written by MPI for the main
 * thread, here at the MPI_Irecv that posts it) and the other thread's read;
 * a `#pragma omp barrier` after the master block fixes it.
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int provided, rank;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double halo[4] = {0}, out[4];
    int other = 1 - rank;
    #pragma omp parallel
    {
        #pragma omp master
        {
            MPI_Request r[2];
            double mine[4] = {rank, rank, rank, rank};
            MPI_Irecv(halo, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(mine, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &r[1]);
            MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        }
        #pragma omp for
        for (int i = 0; i < 4; i++)
            out[i] = halo[i] * 2;
    }
    printf("rank %d got %f\n", rank, out[3]);
    MPI_Finalize();
    return 0;
}
