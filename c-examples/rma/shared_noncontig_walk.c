/* RUN: -n 3
 * EXPECT: error memory-error
 * shared_contiguous_segments.c with the info key alloc_shared_noncontig = "true": the
 * implementation may then place each process's segment anywhere (MPI 3.1 §11.2.3), so
 * rank 0 walking from its own base pointer past its one int into the others' segments
 * reads memory that is not its segment. Each segment is checked as an object of its
 * own. shared_noncontig_query_ok.c finds the segments with MPI_Win_shared_query.
 */
#include <mpi.h>
#include <stdio.h>

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
        int total = 0, n = size * (size + 1) / 2;
        for (int i = 0; i < n; i++)
            total += mine[i]; /* BUG: past rank 0's segment */
        printf("total %d\n", total);
    }
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
