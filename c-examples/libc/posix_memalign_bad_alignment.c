/* RUN: -n 2
 * EXPECT: error memory-error
 * Rank 0 asks posix_memalign for a 4-byte alignment and ignores what it returns.
 * POSIX requires a power of two multiple of sizeof(void *): the call fails with
 * EINVAL and leaves the pointer as it was (NULL here), so the first store crashes.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    int *buf = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        posix_memalign((void **)&buf, 4, 16 * sizeof(int)); /* BUG: 4 < sizeof(void *) */
        buf[0] = 1;
        MPI_Send(buf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        free(buf);
    } else {
        int v;
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
