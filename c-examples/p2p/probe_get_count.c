/* RUN: -n 2
 * EXPECT: verified
 * Variable-length messages: rank 0 sends two int arrays of lengths 2 and 5; rank 1 learns
 * each length with MPI_Probe + MPI_Get_count, allocates exactly that much, receives and
 * checks the contents.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank;
    const int lens[2] = {2, 5};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int data[5] = {3, 1, 4, 1, 5};
        for (int m = 0; m < 2; m++)
            MPI_Send(data, lens[m], MPI_INT, 1, 9, MPI_COMM_WORLD);
    } else if (rank == 1) {
        for (int m = 0; m < 2; m++) {
            MPI_Status st;
            int count;
            MPI_Probe(0, 9, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            assert(count == lens[m]);
            int *buf = malloc(count * sizeof(int));
            MPI_Recv(buf, count, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(buf[0] == 3 && buf[count - 1] == (count == 2 ? 1 : 5));
            free(buf);
        }
    }
    MPI_Finalize();
    return 0;
}
