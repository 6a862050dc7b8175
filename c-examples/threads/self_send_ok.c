/* RUN: -n 2
 * EXPECT: verified
 * Each rank passes a value from one of its threads to the other through
 * MPI: thread 0 receives from its own rank while thread 1 sends to it,
 * under MPI_THREAD_MULTIPLE. The receive blocks thread 0 only (MPI 4.0
 * §11.6.2: a blocking call blocks the calling thread, the others go on), so
 * thread 1 gets to its send whether or not the library buffers it. Under
 * MPI_THREAD_SERIALIZED, or in one thread, the same exchange would hang.
 */
#include <mpi.h>
#include <omp.h>
#include <assert.h>

int main(int argc, char **argv) {
    int rank, provided, in = -1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    #pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            MPI_Recv(&in, 1, MPI_INT, rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            int out = 100 + rank;
            MPI_Ssend(&out, 1, MPI_INT, rank, 7, MPI_COMM_WORLD);
        }
    }
    assert(in == 100 + rank);
    MPI_Finalize();
    return 0;
}
