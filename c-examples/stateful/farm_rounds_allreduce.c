/* RUN: -n 3
 * EXPECT: verified
 * A task farm run in rounds: in each round rank 0 hands tasks 0..2 to whichever worker
 * asks first (MPI_ANY_SOURCE), then every process joins an MPI_Allreduce of what rank 0
 * collected. After the first round's collective, states in which the workers served
 * different numbers of tasks differ in the call numbers of their arrivals at it; the
 * stateful search's key leaves out a collective every member has left inside the part
 * of the past the completes-before replays get through (what compaction forgets) and
 * names the calls of the others by their distance to the present, so the second
 * round's states merge across the first round's orders. The counts are those of the
 * stateless search (--stateless gives the same 256 executions).
 */
#include <assert.h>
#include <mpi.h>

#ifndef NTASKS
#define NTASKS 3
#endif
#define ROUNDS 2
#define TAG_ASK 0
#define TAG_WORK 1
#define TAG_STOP 2

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int round = 0; round < ROUNDS; round++) {
        long total = 0;
        if (rank == 0) {
            int next = 0, active = size - 1;
            MPI_Status st;
            while (active > 0) {
                long result;
                MPI_Recv(&result, 1, MPI_LONG, MPI_ANY_SOURCE, TAG_ASK, MPI_COMM_WORLD, &st);
                total += result;
                int tag = next < NTASKS ? TAG_WORK : TAG_STOP;
                MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, tag, MPI_COMM_WORLD);
                if (tag == TAG_WORK)
                    next++;
                else
                    active--;
            }
        } else {
            long result = 0;
            for (;;) {
                int task;
                MPI_Status st;
                MPI_Send(&result, 1, MPI_LONG, 0, TAG_ASK, MPI_COMM_WORLD);
                MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
                if (st.MPI_TAG == TAG_STOP)
                    break;
                result = (long)task * task;
            }
        }
        long sum;
        MPI_Allreduce(&total, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        long expect = 0;
        for (int t = 0; t < NTASKS; t++)
            expect += (long)t * t;
        assert(sum == expect);
    }
    MPI_Finalize();
    return 0;
}
