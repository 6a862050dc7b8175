/* RUN: -n 4
 * EXPECT: verified
 * Rank 0 probes with MPI_ANY_SOURCE/MPI_ANY_TAG, sizes a buffer with MPI_Get_count and then
 * receives from exactly the probed source and tag, which is guaranteed to be the probed
 * message. Worker r sends r copies of r with tag r. Verified for every arrival order.
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int total = 0;
        for (int k = 1; k < size; k++) {
            MPI_Status st;
            int count;
            MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            int src = st.MPI_SOURCE;
            assert(count == src && st.MPI_TAG == src);
            int *buf = malloc(count * sizeof(int));
            MPI_Recv(buf, count, MPI_INT, src, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (int i = 0; i < count; i++) {
                assert(buf[i] == src);
                total += buf[i];
            }
            free(buf);
        }
        /* sum over r of r*r */
        assert(total == (size - 1) * size * (2 * size - 1) / 6);
    } else {
        int buf[8];
        for (int i = 0; i < rank && i < 8; i++)
            buf[i] = rank;
        MPI_Send(buf, rank, MPI_INT, 0, rank, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
