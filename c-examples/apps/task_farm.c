/* RUN: -n 3
 * EXPECT: verified
 * Master-worker task farm: rank 0 hands out NTASKS task numbers, one at a time, to
 * whichever worker reports back first (MPI_ANY_SOURCE, MPI_ANY_TAG), reading the worker
 * from status.MPI_SOURCE and the kind of message from status.MPI_TAG; it then sends each
 * worker a STOP tag. The results are summed and checked.
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#ifndef NTASKS
#define NTASKS 3
#endif
#define TAG_WORK 1
#define TAG_RESULT 2
#define TAG_READY 3
#define TAG_STOP 4

static long work(int task) { return (long)task * task; }

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int next = 0, active = size - 1;
        long total = 0;
        MPI_Status st;
        while (active > 0) {
            long msg;
            MPI_Recv(&msg, 1, MPI_LONG, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            switch (st.MPI_TAG) {
            case TAG_RESULT:
                total += msg;
                /* fall through: a result also means the worker is ready */
            case TAG_READY:
                if (next < NTASKS) {
                    MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
                    next++;
                } else {
                    MPI_Send(&next, 1, MPI_INT, st.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
                    active--;
                }
                break;
            default:
                fprintf(stderr, "unexpected tag %d\n", st.MPI_TAG);
                MPI_Abort(MPI_COMM_WORLD, 2);
            }
        }
        long expect = 0;
        for (int t = 0; t < NTASKS; t++)
            expect += work(t);
        printf("total = %ld\n", total);
        assert(total == expect);
    } else {
        long zero = 0;
        MPI_Send(&zero, 1, MPI_LONG, 0, TAG_READY, MPI_COMM_WORLD);
        for (;;) {
            int task;
            MPI_Status st;
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_STOP)
                break;
            long r = work(task);
            MPI_Send(&r, 1, MPI_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
