/* RUN: -n 3
 * EXPECT: verified
 * The correct form of shared_noncontig_walk.c: with alloc_shared_noncontig = "true"
 * rank 0 asks MPI_Win_shared_query for each segment's address and size (MPI 3.1
 * §11.2.3) and reads each within its bounds; the fences order the stores before.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    int *mine;
    MPI_Win win;
    MPI_Info info;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    MPI_Win_allocate_shared((rank + 1) * sizeof(int), sizeof(int), info, MPI_COMM_WORLD,
                            &mine, &win);
    MPI_Info_free(&info);
    MPI_Win_fence(0, win);
    for (int i = 0; i <= rank; i++)
        mine[i] = rank;
    MPI_Win_fence(0, win);
    if (rank == 0) {
        int total = 0;
        for (int r = 0; r < size; r++) {
            MPI_Aint bytes;
            int unit, *seg;
            MPI_Win_shared_query(win, r, &bytes, &unit, &seg);
            for (int i = 0; i < (int)(bytes / sizeof(int)); i++)
                total += seg[i];
        }
        assert(total == 0 * 1 + 1 * 2 + 2 * 3);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
