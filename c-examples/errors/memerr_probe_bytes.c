/* RUN: -n 2
 * EXPECT: error memory-error
 * Rank 1 sizes its receive buffer from MPI_Get_count but passes the element count to malloc
 * as a byte count: 8 ints arrive in an 8-byte block, so the MPI_Recv (and the summing loop)
 * write/read past the end of the allocation.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int data[8];
        for (int i = 0; i < 8; i++)
            data[i] = i;
        MPI_Send(data, 8, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Status st;
        int n;
        MPI_Probe(0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &n);
        int *buf = malloc(n); /* bug: should be n * sizeof(int) */
        MPI_Recv(buf, n, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int sum = 0;
        for (int i = 0; i < n; i++)
            sum += buf[i];
        assert(sum == 28);
        free(buf);
    }
    MPI_Finalize();
    return 0;
}
