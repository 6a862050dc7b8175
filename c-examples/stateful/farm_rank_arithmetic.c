/* RUN: -n 5
 * EXPECT: verified
 * The task farm of farm_symmetric_workers.c, but each worker adds ten times its rank to
 * every result and the master subtracts ten times status.MPI_SOURCE: the workers compute
 * with their rank, so renaming two of them changes what they send, and states that
 * differ in which worker holds which task are not equivalent. The symmetry analysis
 * sees the multiplication of a rank value and gives the program no symmetry: the
 * stateful search stores as many states as with `--no-symmetry` (1,425 at -n 5), and
 * the verdict and counts are those of the plain search.
 */
#include <assert.h>
#include <mpi.h>

#ifndef NTASKS
#define NTASKS 4
#endif
#define TAG_WORK 1
#define TAG_DONE 2

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int next = 0, stopped = 0;
        long total = 0;
        MPI_Status st;
        while (stopped < size - 1) {
            long result;
            MPI_Recv(&result, 1, MPI_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            int worker = st.MPI_SOURCE;
            total += result - 10L * worker;
            if (next < NTASKS) {
                MPI_Send(&next, 1, MPI_INT, worker, TAG_WORK, MPI_COMM_WORLD);
                next++;
            } else {
                MPI_Send(&next, 1, MPI_INT, worker, TAG_DONE, MPI_COMM_WORLD);
                stopped++;
            }
        }
        long expect = 0;
        for (int t = 0; t < NTASKS; t++)
            expect += (long)t * t;
        assert(total == expect);
    } else {
        long result = rank * 10L;
        for (;;) {
            int task;
            MPI_Status st;
            MPI_Send(&result, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_DONE)
                break;
            result = (long)task * task + rank * 10L;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
