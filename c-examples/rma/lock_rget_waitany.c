/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 opens a lock_all epoch, fetches one block from each of ranks 1 and 2 with
 * MPI_Rget and processes the blocks in whatever order they arrive (MPI_Waitany), as in
 * Hoefler et al. 2015, §2.4. A request-based Get completes when its data arrived at the origin
 * (MPI 3.1 §11.3.5), so each block is complete once its request is; every arrival
 * order is checked.
 */
#include <assert.h>
#include <mpi.h>

#define N 4

int main(int argc, char **argv) {
    int rank, block[N], got[2][N], sum[2] = {0, 0};
    MPI_Win win;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < N; i++)
        block[i] = rank * 100 + i;
    MPI_Win_create(block, sizeof block, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Barrier(MPI_COMM_WORLD); /* the blocks are written before anyone reads them */
    if (rank == 0) {
        MPI_Win_lock_all(0, win);
        for (int p = 0; p < 2; p++)
            MPI_Rget(got[p], N, MPI_INT, p + 1, 0, N, MPI_INT, win, &reqs[p]);
        for (int k = 0; k < 2; k++) {
            int idx;
            MPI_Waitany(2, reqs, &idx, MPI_STATUS_IGNORE);
            for (int i = 0; i < N; i++)
                sum[idx] += got[idx][i];
        }
        MPI_Win_unlock_all(win);
        assert(sum[0] == 4 * 100 + 6 && sum[1] == 4 * 200 + 6);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
