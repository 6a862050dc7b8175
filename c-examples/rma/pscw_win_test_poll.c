/* RUN: -n 3
 * EXPECT: verified
 * Rank 0 exposes its window to ranks 1 and 2 (MPI_Win_post) and, instead of blocking
 * in MPI_Win_wait, polls MPI_Win_test until the epoch is over (a loop that would do
 * other work between polls). Each origin Puts its rank into its own cell inside a start/complete
 * epoch. Once MPI_Win_test says true, the exposure epoch is over and both values are
 * there (MPI 3.1 §11.5.2: MPI_Win_test returning true is MPI_Win_wait returning).
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, cells[3] = {0, 0, 0}, flag = 0;
    MPI_Win win;
    MPI_Group world, peers;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Win_create(cells, sizeof cells, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        int origins[2] = {1, 2};
        MPI_Group_incl(world, 2, origins, &peers);
        MPI_Win_post(peers, 0, win);
        while (!flag)
            MPI_Win_test(win, &flag);
        assert(cells[1] == 1 && cells[2] == 2);
        printf("cells: %d %d\n", cells[1], cells[2]);
    } else {
        int target = 0;
        MPI_Group_incl(world, 1, &target, &peers);
        MPI_Win_start(peers, 0, win);
        MPI_Put(&rank, 1, MPI_INT, 0, rank, 1, MPI_INT, win);
        MPI_Win_complete(win);
    }
    MPI_Group_free(&peers);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
