/* RUN: -n 3
 * EXPECT: error memory-error
 * A handler table with a hole: the handler for tag 1 was never written.
 * Rank 0 dispatches each message it receives on its tag; the message rank 2
 * sends with tag 1 is dispatched through the null entry at line 27, which
 * crashes a real run. The trace shows which message led there.
 */
#include <mpi.h>

typedef void (*handler)(int *, int);

static void accumulate(int *acc, int v) { *acc += v; }
static void reset(int *acc, int v) { *acc = v; }

static handler handlers[3] = {accumulate, 0, reset};

int main(int argc, char **argv) {
    int rank, size, acc = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (int i = 1; i < size; i++) {
            int v;
            MPI_Status st;
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            handlers[st.MPI_TAG](&acc, v);
        }
    } else {
        int v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, rank - 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
