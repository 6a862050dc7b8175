/* RUN: -n 3
 * EXPECT: error rma-race
 * Ranks 0 and 2 accumulate into rank 1's counter after the window's first fence, and
 * rank 1 resets its counter after entering that fence, inside the epoch. The fence
 * orders what rank 1 did before it, not what it does after: the reset races with the
 * accumulates (MPI 3.1 §11.7), whether or not the first fence synchronized.
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, counter = 100, one = 1;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(&counter, sizeof counter, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    if (rank != 1)
        MPI_Accumulate(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win);
    else
        counter = 0; /* BUG: belongs before the fence */
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    if (rank == 1)
        printf("counter = %d\n", counter);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
