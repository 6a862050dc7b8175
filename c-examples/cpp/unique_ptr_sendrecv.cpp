/* RUN: -n 2
 * EXPECT: verified
 * std::unique_ptr<double[]> owns the halo buffers of a ring exchange: std::make_unique
 * allocates them with new[] and the unique_ptr releases them with delete[] when main's
 * scope ends, after the blocking MPI_Sendrecv (MPI 3.1 §3.10) has completed. get() is the
 * buffer address MPI sees.
 */
#include <mpi.h>
#include <cassert>
#include <memory>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    {
        const int n = 8;
        auto out = std::make_unique<double[]>(n);
        auto in = std::make_unique<double[]>(n);
        for (int i = 0; i < n; i++)
            out[i] = rank * 100 + i;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        MPI_Sendrecv(out.get(), n, MPI_DOUBLE, right, 0, in.get(), n, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        assert(in[3] == left * 100 + 3);
    }
    MPI_Finalize();
    return 0;
}
