/* RUN: -n 2
 * EXPECT: verified
 * An `untied` task makes child tasks that fill the blocks of a buffer,
 * waits for them with `taskwait` and sends the buffer to the next rank
 * (MPI_THREAD_SERIALIZED: the task may run, and resume after the taskwait,
 * on any thread of the team, OpenMP 5.2 §12.5; only it calls MPI in the
 * region). The checker runs untied tasks as tied ones, which only narrows
 * where they resume; the race check covers every thread that may run them.
 */
#include <assert.h>
#include <mpi.h>
#include <omp.h>

#define N 12
#define BLOCKS 3

int main(int argc, char **argv) {
    int rank, size, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double out[N], in[N];
    #pragma omp parallel shared(out, in)
    #pragma omp single
    {
        #pragma omp task untied
        {
            for (int b = 0; b < BLOCKS; b++) {
                #pragma omp task firstprivate(b)
                for (int i = b * N / BLOCKS; i < (b + 1) * N / BLOCKS; i++)
                    out[i] = rank * N + i;
            }
            #pragma omp taskwait
            MPI_Sendrecv(out, N, MPI_DOUBLE, (rank + 1) % size, 0, in, N, MPI_DOUBLE,
                         (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    int prev = (rank + size - 1) % size;
    for (int i = 0; i < N; i++)
        assert(in[i] == prev * N + i);
    MPI_Finalize();
    return 0;
}
