/* RUN: -n 5
 * EXPECT: verified
 * A master hands out NTASKS tasks to whichever worker asks first (MPI_ANY_SOURCE,
 * replying to status.MPI_SOURCE); each worker returns the square of its task, the
 * master checks the sum, stops every worker, and all meet in a barrier. The workers run
 * the same code and use their rank only to be addressed: the program never computes
 * with a rank, it only passes it back to MPI and compares it with 0. Two states that
 * differ only in which worker holds which task are renamings of each other and have
 * the same future up to that renaming (MPI 3.1 §3.5: matching names ranks only through
 * envelopes, which the renaming maps alike), so the stateful search explores one of
 * them (symmetry reduction, docs/guide/performance.md): at -n 5 it stores 89 states
 * instead of 1,425 (`--no-symmetry`), with the same executions, transitions and
 * verdict.
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
        /* Every worker first asks with a result of 0. */
        while (stopped < size - 1) {
            long result;
            MPI_Recv(&result, 1, MPI_LONG, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            total += result;
            int worker = st.MPI_SOURCE;
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
        long result = 0;
        for (;;) {
            int task;
            MPI_Status st;
            MPI_Send(&result, 1, MPI_LONG, 0, 0, MPI_COMM_WORLD);
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_DONE)
                break;
            result = (long)task * task;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
