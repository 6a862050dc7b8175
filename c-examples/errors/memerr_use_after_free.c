/* RUN: -n 2
 * EXPECT: error memory-error
 * Rank 1 receives a block into a heap buffer, sums it and releases the buffer, but the
 * "checksum" added afterwards still reads the last element of the freed block:
 * a use-after-free in the only execution.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define LEN 5

int main(int argc, char **argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int data[LEN] = {1, 2, 3, 4, 5};
        MPI_Send(data, LEN, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int *buf = malloc(LEN * sizeof(int));
        MPI_Recv(buf, LEN, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int sum = 0;
        for (int i = 0; i < LEN; i++)
            sum += buf[i];
        free(buf);
        int checksum = sum + buf[LEN - 1]; /* bug: buf already freed */
        assert(checksum == 20);
    }
    MPI_Finalize();
    return 0;
}
