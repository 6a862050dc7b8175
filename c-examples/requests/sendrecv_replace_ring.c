/* RUN: -n 3
 * EXPECT: verified
 * A ring rotation with MPI_Sendrecv_replace (MPI 3.1 §3.10): each rank sends its buffer to
 * the right and receives into the same buffer from the left, three times, so every value
 * travels once around the ring and comes back. Deterministic: one execution.
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int buf[2] = {rank, 100 + rank};
    for (int step = 1; step <= size; step++) {
        MPI_Status st;
        MPI_Sendrecv_replace(buf, 2, MPI_INT, (rank + 1) % size, step,
                             (rank + size - 1) % size, step, MPI_COMM_WORLD, &st);
        int from = (rank + size - step % size) % size;
        assert(buf[0] == from && buf[1] == 100 + from);
        assert(st.MPI_SOURCE == (rank + size - 1) % size);
    }
    MPI_Finalize();
    return 0;
}
